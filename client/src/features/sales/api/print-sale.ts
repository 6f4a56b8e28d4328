const loadPrintCode = () => import('@/components/print/sale-documents/print-documents');

/** Prints a sale's invoice and then its receipt, a print job each, loading the print code only when needed. */
export async function printInvoiceAndReceipt(invoiceId: string): Promise<void> {
  const { printSaleDocuments } = await loadPrintCode();
  await printSaleDocuments(invoiceId, ['invoice', 'receipt']);
}

/**
 * Fetches the print code while the cashier fills in the payment, so the first sale after a load
 * does not wait for it after Confirm Payment (it is in no entry bundle; a failure here is retried
 * when printing).
 */
export function preloadPrintCode(): void {
  loadPrintCode().catch(() => undefined);
}
