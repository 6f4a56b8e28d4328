// Invoice numbers are made on the register: INV-<device code>-<sequence> (decisions.md). No zod here:
// the shell's device setup reads this without loading the sale schema.
export const invoiceNoPattern = /^INV-[A-Z0-9]{2,8}-\d{5,9}$/;
export const formatInvoiceNo = (deviceCode: string, sequence: number) => `INV-${deviceCode}-${String(sequence).padStart(5, '0')}`;

// A credit note (a return) is numbered the same way, on the register: CN-<device code>-<sequence>.
export const creditNoteNoPattern = /^CN-[A-Z0-9]{2,8}-\d{5,9}$/;
export const formatCreditNoteNo = (deviceCode: string, sequence: number) => `CN-${deviceCode}-${String(sequence).padStart(5, '0')}`;

// A Z report (a register's closed cash drawer session) is numbered the same way, on the register: Z-<device code>-<sequence>.
export const zReportNoPattern = /^Z-[A-Z0-9]{2,8}-\d{5,9}$/;
export const formatZReportNo = (deviceCode: string, sequence: number) => `Z-${deviceCode}-${String(sequence).padStart(5, '0')}`;

// An estimate (issue 45) is numbered the same way, on the device: EST-<device code>-<sequence>.
export const formatEstimateNo = (deviceCode: string, sequence: number) => `EST-${deviceCode}-${String(sequence).padStart(5, '0')}`;
