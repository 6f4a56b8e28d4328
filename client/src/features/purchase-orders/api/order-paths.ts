import { paths } from '@/lib/paths';

export const orderPath = (id: string) => paths.purchaseOrder.replace(':id', encodeURIComponent(id));
export const purchaseOrderPrintPath = (id: string) => paths.printPurchaseOrder.replace(':id', encodeURIComponent(id));

/** A delivery's labels page, in a format (print/print-labels-page.tsx). */
export const receiptLabelsPath = (receiptId: string, format: 'a4' | 'roll' = 'a4') => `${paths.printReceiptLabels.replace(':id', encodeURIComponent(receiptId))}?format=${format}`;
