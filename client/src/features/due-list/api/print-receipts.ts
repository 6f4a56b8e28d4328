import { toast } from '@/components/ui/toast-store';

/** The bulk payment's receipt, printed once the dialog has closed (spec: about 120 ms later), then cleared. */
export function printBulkReceiptLater(bulkId: string): void {
  void import('@/components/print/sale-documents/print-documents')
    .then(({ printBulkReceipt }) => printBulkReceipt(bulkId))
    .catch(() => toast.error('The receipt could not be printed. Reprint it from the due list.'));
}

/** One invoice's Payment Receipt (PAID stamp, history), from the device's data. */
export async function printInvoiceReceipt(invoiceId: string): Promise<void> {
  const { printPaymentReceipt } = await import('@/components/print/sale-documents/print-documents');
  await printPaymentReceipt(invoiceId);
}
