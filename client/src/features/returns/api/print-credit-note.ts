/** Prints a credit note on the shop's receipt printer, loading the print code only when needed. */
export async function printCreditNote(id: string): Promise<void> {
  const { printCreditNoteNow } = await import('../print/print-credit-note');
  await printCreditNoteNow(id);
}
