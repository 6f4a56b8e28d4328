import { roundHalfAwayFromZero } from './money';

// What the shop owes its suppliers (issue 44, point 6), written once for the Payables list, its
// report and PDF, and the tests: a bill line matched against its delivery, what each bill still owes
// once payments and returns are set against it, and the aging of what is owed.

/** A rupee: a bill line further than this from its delivery is shown as differing. */
export const billLineTolerance = 100;

/** quantity (hundredths) × unit cost (cents), to the cent, half away from zero. */
export function lineAmountCents(quantityHundredths: number, unitCostCents: number): number {
  return roundHalfAwayFromZero((quantityHundredths * unitCostCents) / 100);
}

/** A bill line against its delivery line: what the bill charges, what the delivery came to, and whether they differ beyond a rupee. */
export function matchBillLine(quantityHundredths: number, billedUnitCents: number, receivedUnitCents: number): { amountCents: number; receivedCents: number; differs: boolean } {
  const amountCents = lineAmountCents(quantityHundredths, billedUnitCents);
  const receivedCents = lineAmountCents(quantityHundredths, receivedUnitCents);
  return { amountCents, receivedCents, differs: Math.abs(amountCents - receivedCents) > billLineTolerance };
}

export interface PayableBill {
  id: string;
  billNo: string;
  billDate: string;
  dueDate: string;
  totalCents: number;
}

export interface SupplierMoney {
  /** A payment names the bill it was paid against, or none (the oldest bills first). */
  billId?: string | null;
  amountCents: number;
}

export interface BillStanding extends PayableBill {
  paidCents: number;
  openCents: number;
}

export interface SupplierStanding {
  bills: BillStanding[];
  /** Σ of the bills still open. */
  owedCents: number;
  /** Paid or credited beyond every bill: what the supplier holds for the shop. */
  creditCents: number;
}

const oldestFirst = (a: PayableBill, b: PayableBill) => a.billDate.localeCompare(b.billDate) || a.billNo.localeCompare(b.billNo) || (a.id < b.id ? -1 : 1);

/**
 * What each of a supplier's bills still owes. A payment that names a bill goes to that bill first;
 * what is left of it, every payment that names none (a bulk payment) and every credit from a return
 * then settle the oldest bills first, as the customers' due list does. Worked out when read, never
 * stored: two devices' payments made offline both count, in whatever order they arrive.
 */
export function supplierStanding(bills: readonly PayableBill[], payments: readonly SupplierMoney[], creditsCents: readonly number[] = []): SupplierStanding {
  const standing = [...bills].sort(oldestFirst).map((bill): BillStanding => ({ ...bill, paidCents: 0, openCents: Math.max(0, bill.totalCents) }));
  const byId = new Map(standing.map((bill) => [bill.id, bill]));
  let unapplied = creditsCents.reduce((sum, cents) => sum + Math.max(0, cents), 0);
  for (const payment of payments) {
    const amount = Math.max(0, payment.amountCents);
    const bill = payment.billId ? byId.get(payment.billId) : undefined;
    const applied = bill ? Math.min(bill.openCents, amount) : 0;
    if (bill) {
      bill.paidCents += applied;
      bill.openCents -= applied;
    }
    unapplied += amount - applied;
  }
  for (const bill of standing) {
    const applied = Math.min(bill.openCents, unapplied);
    bill.paidCents += applied;
    bill.openCents -= applied;
    unapplied -= applied;
  }
  return { bills: standing, owedCents: standing.reduce((sum, bill) => sum + bill.openCents, 0), creditCents: unapplied };
}

export const payableAgingBuckets = ['0–30 days', '31–60 days', '61–90 days', 'Over 90 days'] as const;
export type PayableAgingBucket = (typeof payableAgingBuckets)[number];

const dayMs = 86_400_000;

/** Whole days from the bill's date to `today` (both YYYY-MM-DD); a bill dated ahead counts as 0. */
export function billAgeDays(billDate: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today.slice(0, 10)}T00:00:00Z`) - Date.parse(`${billDate.slice(0, 10)}T00:00:00Z`)) / dayMs));
}

/** A bill's bucket by its age from the bill date (0–30, 31–60, 61–90, over 90 days). */
export function payableAgingBucket(ageDays: number): PayableAgingBucket {
  if (ageDays <= 30) return '0–30 days';
  if (ageDays <= 60) return '31–60 days';
  if (ageDays <= 90) return '61–90 days';
  return 'Over 90 days';
}

/** What is still owed on the bills, by bucket, in cents. */
export function payablesAging(bills: readonly Pick<BillStanding, 'billDate' | 'openCents'>[], today: string): Record<PayableAgingBucket, number> {
  const summary = Object.fromEntries(payableAgingBuckets.map((bucket) => [bucket, 0])) as Record<PayableAgingBucket, number>;
  for (const bill of bills) summary[payableAgingBucket(billAgeDays(bill.billDate, today))] += bill.openCents;
  return summary;
}

/** The due date a bill gets from its supplier's payment terms: the bill date + terms days. */
export function dueDateFromTerms(billDate: string, termsDays: number): string {
  return new Date(Date.parse(`${billDate.slice(0, 10)}T00:00:00Z`) + Math.max(0, termsDays) * dayMs).toISOString().slice(0, 10);
}
