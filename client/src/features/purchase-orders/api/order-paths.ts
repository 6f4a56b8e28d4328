import { paths } from '@/lib/paths';

export const orderPath = (id: string) => paths.purchaseOrder.replace(':id', encodeURIComponent(id));
export const purchaseOrderPrintPath = (id: string) => paths.printPurchaseOrder.replace(':id', encodeURIComponent(id));
