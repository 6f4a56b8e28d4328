import { lineTaxCents, lineTotalCents } from './money';

// The register's and the invoice's arithmetic (spec 5, Sales; decisions.md, Tax and Money), written
// once for the device, the server and the printed documents. All amounts are integer cents.

export interface SaleLineAmounts {
  unitPriceCents: number;
  quantityHundredths: number;
  /** 0–100, two decimals. */
  discountPercent: number;
}

export interface TaxSetting {
  taxRatePercent: number;
  pricesIncludeTax: boolean;
}

export interface InvoiceTotals {
  /** Σ price × quantity, before discounts. */
  grossCents: number;
  /** Σ of what the line discounts took off. */
  discountCents: number;
  /** Σ line totals (after discount). */
  subTotalCents: number;
  /** Σ per-line tax. */
  taxCents: number;
  /** What the customer pays: the sub total, plus the tax when prices do not include it. */
  totalCents: number;
}

/** A line's total: price × quantity less its discount, rounded to cents once. */
export function saleLineTotalCents(line: SaleLineAmounts): number {
  return lineTotalCents(line.unitPriceCents, line.quantityHundredths / 100, line.discountPercent);
}

export function saleLineTaxCents(line: SaleLineAmounts, tax: TaxSetting): number {
  return lineTaxCents(saleLineTotalCents(line), tax.taxRatePercent, tax.pricesIncludeTax);
}

export function invoiceTotals(lines: readonly SaleLineAmounts[], tax: TaxSetting): InvoiceTotals {
  let grossCents = 0;
  let subTotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    grossCents += lineTotalCents(line.unitPriceCents, line.quantityHundredths / 100, 0);
    const total = saleLineTotalCents(line);
    subTotalCents += total;
    taxCents += lineTaxCents(total, tax.taxRatePercent, tax.pricesIncludeTax);
  }
  return {
    grossCents,
    discountCents: grossCents - subTotalCents,
    subTotalCents,
    taxCents,
    totalCents: tax.pricesIncludeTax ? subTotalCents : subTotalCents + taxCents,
  };
}

/**
 * What an invoice comes to once its returns are taken off (shared/domain/returns.ts): the figure its
 * payments are set against. `returnedCents` is absent on invoices read from before returns.
 */
export function owedCents(invoice: object): number {
  // `object`: a typed invoice row and a stored row of unknown fields alike.
  const { totalCents, returnedCents } = invoice as { totalCents?: unknown; returnedCents?: unknown };
  return Number(totalCents) - Number(returnedCents ?? 0);
}

/** What is still owed: never below 0. */
export const dueCents = (totalCents: number, paidCents: number) => Math.max(totalCents - paidCents, 0);

/** What the cashier hands back: never below 0. */
export const changeCents = (totalCents: number, paidCents: number) => Math.max(paidCents - totalCents, 0);

export type InvoiceStatus = 'Paid' | 'Due';

/** Paid when nothing is owed, else Due (spec 4, Sales). */
export const invoiceStatus = (totalCents: number, paidCents: number): InvoiceStatus => (dueCents(totalCents, paidCents) === 0 ? 'Paid' : 'Due');

export const invoiceDueDays = 14;

const dayMs = 86_400_000;

/**
 * The invoice's due date: the one it states (an opening balance's, issue 43), else its date plus 14
 * days (spec 2.17), as YYYY-MM-DD of the invoice's own day.
 */
export function invoiceDueDate(invoiceDate: string, stated?: string | null): string {
  if (stated) return stated;
  const day = invoiceDate.slice(0, 10);
  return new Date(Date.parse(`${day}T00:00:00Z`) + invoiceDueDays * dayMs).toISOString().slice(0, 10);
}

/**
 * A warranty's last day: the invoice date plus whole months, clamped to the end of the month
 * (31 January + 1 month is 28 or 29 February), as YYYY-MM-DD.
 */
export function warrantyExpiry(invoiceDate: string, months: number): string {
  const [year, month, day] = invoiceDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const target = month - 1 + months;
  const targetYear = year + Math.floor(target / 12);
  const targetMonth = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
  return date.toISOString().slice(0, 10);
}

/** An invoice's standing from its payments (append-only records): paid, due, change and status. */
export function paymentStanding(totalCents: number, paymentCents: readonly number[]) {
  const paidCents = paymentCents.reduce((sum, amount) => sum + amount, 0);
  return { paidCents, dueCents: dueCents(totalCents, paidCents), changeCents: changeCents(totalCents, paidCents), status: invoiceStatus(totalCents, paidCents) };
}
