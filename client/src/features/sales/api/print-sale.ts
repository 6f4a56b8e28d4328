/** Prints a sale's invoice and receipt (separate pages), loading the print code only when needed. */
export async function printInvoiceAndReceipt(invoiceId: string): Promise<void> {
  const { printSaleDocuments } = await import('../print/print-documents');
  await printSaleDocuments(invoiceId, ['invoice', 'receipt']);
}
