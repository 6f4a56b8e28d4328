// Purchase orders are numbered on the device like invoices (decisions.md, Invoice numbers):
// PO-<device code>-<sequence>; over REST the server's own series, PO-SRV-<sequence>. No zod here.
export const purchaseOrderNoPattern = /^PO-[A-Z0-9]{2,8}-\d{5,9}$/;
export const formatPurchaseOrderNo = (deviceCode: string, sequence: number) => `PO-${deviceCode}-${String(sequence).padStart(5, '0')}`;
