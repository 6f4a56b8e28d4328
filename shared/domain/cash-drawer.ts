// The cash drawer's arithmetic (issue 27; docs/decisions.md, Cash-up), written once for the register,
// the server and the printed X and Z reports. Amounts are integer cents.

import { paymentMethodName } from './payment-methods';

/** The notes and coins a cashier counts at close, largest first, in cents (Sri Lankan rupees). */
export const denominations = [
  { cents: 500_000, label: 'Rs. 5,000', kind: 'note' },
  { cents: 200_000, label: 'Rs. 2,000', kind: 'note' },
  { cents: 100_000, label: 'Rs. 1,000', kind: 'note' },
  { cents: 50_000, label: 'Rs. 500', kind: 'note' },
  { cents: 10_000, label: 'Rs. 100', kind: 'note' },
  { cents: 5_000, label: 'Rs. 50', kind: 'note' },
  { cents: 2_000, label: 'Rs. 20', kind: 'note' },
  { cents: 1_000, label: 'Rs. 10', kind: 'coin' },
  { cents: 500, label: 'Rs. 5', kind: 'coin' },
  { cents: 200, label: 'Rs. 2', kind: 'coin' },
  { cents: 100, label: 'Rs. 1', kind: 'coin' },
] as const;

export type DenominationCents = (typeof denominations)[number]['cents'];

/** How many of each note and coin were counted, keyed by the denomination's value in cents. */
export type DrawerCount = Partial<Record<DenominationCents, number>>;

/** At most this many of one note or coin: a drawer, not a vault (and no count can overflow). */
export const maxPiecesPerDenomination = 100_000;

export const drawerMessages = {
  negativeCount: (label: string) => `The count of ${label} must be a whole number, 0 or more.`,
  tooManyPieces: (label: string) => `The count of ${label} is at most ${maxPiecesPerDenomination.toLocaleString('en-US')}.`,
  unknownDenomination: 'Count only the notes and coins listed.',
} as const;

/** What is wrong with a count, in words, or null: each entry a known note or coin, a whole number from 0. */
export function countProblem(count: Record<string, unknown>): string | null {
  for (const [key, pieces] of Object.entries(count)) {
    const denomination = denominations.find((d) => String(d.cents) === key);
    if (!denomination) return drawerMessages.unknownDenomination;
    if (typeof pieces !== 'number' || !Number.isInteger(pieces) || pieces < 0) return drawerMessages.negativeCount(denomination.label);
    if (pieces > maxPiecesPerDenomination) return drawerMessages.tooManyPieces(denomination.label);
  }
  return null;
}

/** The cash a count comes to. */
export function countedCents(count: DrawerCount): number {
  return denominations.reduce((sum, d) => sum + d.cents * (count[d.cents] ?? 0), 0);
}

/**
 * Everything cash that went through one register's drawer in a session, each total 0 or more.
 * Sales and payments count what stayed in the drawer: the amount, never what was handed over, so the
 * change given is already netted (and money a customer left as credit stayed in the drawer: it counts).
 */
export interface DrawerTakings {
  floatCents: number;
  /**
   * Cash taken at the register while its drawer was closed, since its previous close (issue 47):
   * sales and payments less cash refunds. The session opened next counts it, as it counts the float.
   */
  closedCashCents: number;
  /** Cash taken at the register for its own sales. */
  cashSalesCents: number;
  /** Cash taken on earlier invoices (Due List, bulk payments). */
  cashPaymentsCents: number;
  /** Cash put in with a reason (change brought from the bank). */
  payInsCents: number;
  /** Cash handed back for returns. */
  cashRefundsCents: number;
  /** Expenses paid from this drawer, corrections netted. */
  cashExpensesCents: number;
  /** Cash taken out with a reason (to the bank). */
  payOutsCents: number;
}

/**
 * What the drawer should hold: float + cash taken while it was closed + cash in (sales, payments,
 * pay-ins) − cash out (refunds, expenses, pay-outs).
 */
export function expectedCashCents(t: DrawerTakings): number {
  return t.floatCents + t.closedCashCents + t.cashSalesCents + t.cashPaymentsCents + t.payInsCents - t.cashRefundsCents - t.cashExpensesCents - t.payOutsCents;
}

/** Counted less expected: negative when cash is missing, positive when there is more than there should be. */
export function drawerDifferenceCents(expectedCents: number, counted: number): number {
  return counted - expectedCents;
}

/** A register's payment as the drawer sorts it. */
export interface DrawerPayment {
  method: string;
  /** Signed: a refund is negative. */
  amountCents: number;
  /** Taken with the register's own sale (checkout), rather than on an earlier invoice. */
  atSale: boolean;
}

/** A register's expense, pay-in or pay-out. */
export interface DrawerMove {
  kind: 'expense' | 'payIn' | 'payOut';
  /** Signed as recorded: an expense correction is negative. */
  amountCents: number;
}

/**
 * A session's takings from what its register recorded in it: cash payments (by the sale or on an
 * earlier invoice), cash refunds, drawer expenses, pay-ins and pay-outs, and the cash payments it took
 * while its drawer was closed before the session (`whileClosed`). Other methods do not touch the
 * drawer; they appear in the report's totals by method only.
 */
export function drawerTakings(
  floatCents: number,
  payments: readonly DrawerPayment[],
  moves: readonly DrawerMove[],
  whileClosed: readonly Pick<DrawerPayment, 'method' | 'amountCents'>[] = [],
): DrawerTakings {
  const cash = payments.filter((payment) => payment.method === 'Cash');
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  return {
    floatCents,
    closedCashCents: sum(whileClosed.filter((payment) => payment.method === 'Cash').map((payment) => payment.amountCents)),
    cashSalesCents: sum(cash.filter((p) => p.amountCents > 0 && p.atSale).map((p) => p.amountCents)),
    cashPaymentsCents: sum(cash.filter((p) => p.amountCents > 0 && !p.atSale).map((p) => p.amountCents)),
    payInsCents: sum(moves.filter((m) => m.kind === 'payIn').map((m) => m.amountCents)),
    cashRefundsCents: sum(cash.filter((p) => p.amountCents < 0).map((p) => -p.amountCents)),
    cashExpensesCents: sum(moves.filter((m) => m.kind === 'expense').map((m) => m.amountCents)),
    payOutsCents: sum(moves.filter((m) => m.kind === 'payOut').map((m) => m.amountCents)),
  };
}

/** The report's totals by payment method, refunds netted, in the order given (methods with nothing show 0). */
export function totalsByMethod(methods: readonly string[], payments: readonly DrawerPayment[]): { method: string; cents: number }[] {
  // A record made before the one list may name its method otherwise ('Bank'): it counts under the one name.
  return methods.map((method) => ({ method, cents: payments.filter((p) => paymentMethodName(p.method) === method).reduce((sum, p) => sum + p.amountCents, 0) }));
}
