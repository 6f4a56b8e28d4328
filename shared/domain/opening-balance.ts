// Opening balances (issue 43, 'Moving in'): what a customer owed the shop on the day it moved to this
// app, brought in as real invoices in a series of their own (docs/decisions.md, Opening balances).
// No zod here: the dashboard and the due list read these rules without loading the schemas.

/** The series' prefix: no register (INV-, CN-, Z-) nor the server (INV-SRV-) ever numbers with it. */
export const openingSeriesPrefix = 'OB-';

/**
 * The number an opening balance is stored under: its original number in the opening series. A number
 * that already carries the prefix (one exported from this app and imported again) keeps it, so the
 * same number is always the same record.
 */
export const openingInvoiceNo = (original: string): string => (original.startsWith(openingSeriesPrefix) ? original : `${openingSeriesPrefix}${original}`);

/** The number as the old books had it. */
export const originalInvoiceNo = (stored: string): string => (stored.startsWith(openingSeriesPrefix) ? stored.slice(openingSeriesPrefix.length) : stored);

/**
 * The method of the payment that says what was paid before the move: money the old books already
 * counted, so it is no income of its day and in no drawer (movesMoney, shared/domain/customer-credit.ts).
 */
export const openingBalanceMethod = 'Opening balance';

/** The one line an opening balance carries, so its invoice and receipt print like any other. */
export const openingLineName = 'Opening balance';
export const openingLineId = (invoiceId: string) => `${invoiceId}/opening`;

/** Whether an invoice is an opening balance rather than a sale: no sales figure counts it. */
export const isOpeningBalance = (invoice: object): boolean => (invoice as { openingBalance?: unknown }).openingBalance === true;
