// The test's own book of the money each cashier handed over or took in (invariant 1 of the hostile
// run: money handed over = money recorded). Kept from what each device made (an honest register's
// outbox entry, a hostile one's forged envelope), never from the server, and checked against the
// server's SQLite at the end: each movement recorded exactly once at its amount (a stated refund as
// its refund payment plus what is held for review, the payment never beyond what the lines are
// worth), and nothing recorded that no device did.
import type { Db } from '@server/db/connection';
import { toCents } from '@shared/domain/money';
import { checkoutRows } from '@shared/mutations/sales';
import { customerCreditMethod } from '@shared/domain/customer-credit';

export type MoneyKind = 'payment' | 'refund' | 'expense' | 'payIn' | 'payOut';

export interface Handed {
  /** The record the money is: a payment, a refund's payment, an expense, a pay-in or pay-out. */
  id: string;
  kind: MoneyKind;
  /** What the cashier says moved, in cents: a payment as taken (signed), a refund as handed back, an expense or move as paid. */
  cents: number;
  /** Every mutation that carried this record (a replay under a new id carries the same record). */
  mutationIds: string[];
  device: string;
  /** Made by editing what the register sent: the server may refuse it, and holds what it cannot vouch for. */
  forged: boolean;
  /** A refund's return: its credit note, invoice and lines, to bound what its lines can be worth. */
  refundOf?: { creditNoteId: string; invoiceId: string; lines: { invoiceLineId: string; quantity: number }[] };
  /** A payment by customer credit moves no cash, but is recorded like any payment. */
  credit?: boolean;
}

type Args = Record<string, any>;

/** The money a mutation's arguments say moved (none for most mutations). */
export function moneyOf(name: string, args: Args): Omit<Handed, 'mutationIds' | 'device' | 'forged'>[] {
  switch (name) {
    case 'checkoutSale': {
      const rows = checkoutRows(args as Parameters<typeof checkoutRows>[0]);
      if (rows.amountCents === 0 && rows.tenderedCents === 0) return [];
      return [{ id: args.payment.id, kind: 'payment', cents: rows.amountCents, credit: args.payment.method === customerCreditMethod }];
    }
    case 'recordPayment':
      return [{ id: args.id, kind: 'payment', cents: toCents(args.amount), credit: args.method === customerCreditMethod }];
    case 'returnSale':
      if (!(toCents(args.refund ?? 0) > 0)) return [];
      return [{ id: args.refundPaymentId, kind: 'refund', cents: toCents(args.refund), refundOf: { creditNoteId: args.id, invoiceId: args.invoiceId, lines: args.lines } }];
    case 'recordExpense':
      return [{ id: args.id, kind: 'expense', cents: toCents(args.amount) }];
    case 'moveDrawerCash':
      return [{ id: args.id, kind: args.kind, cents: toCents(args.amount) }];
    default:
      return [];
  }
}

export class CashLedger {
  readonly entries = new Map<string, Handed>();

  /** Notes the money a mutation carries, made at `device`; a record already noted gains this mutation. */
  note(device: string, forged: boolean, mutation: { id: string; name: string; args: unknown }): void {
    for (const money of moneyOf(mutation.name, mutation.args as Args)) {
      const known = this.entries.get(money.id);
      if (known) {
        if (!known.mutationIds.includes(mutation.id)) known.mutationIds.push(mutation.id);
      } else this.entries.set(money.id, { ...money, mutationIds: [mutation.id], device, forged });
    }
  }

  /**
   * What does not hold, in words (empty when the books agree): each movement recorded once at its
   * amount when a mutation carrying it was applied, and absent otherwise (never an honest one); a
   * stated refund as its payment plus the held rest, the payment within the lines' worth, an honest
   * one paid in full; and no payment, expense or pay-in/out on the server that no cashier made.
   */
  async check(db: Db, applied: (mutationId: string) => boolean): Promise<string[]> {
    const problems: string[] = [];
    const rowsOf = async <T>(sql: string) => new Map(((await db.$client.prepare(sql).all()) as (T & { id: string })[]).map((row) => [row.id, row]));
    const payments = await rowsOf<{ amountCents: number }>('SELECT id, amountCents FROM payments WHERE deleted = 0');
    const notes = await rowsOf<{ refundCents: number; reviewState: string }>('SELECT id, refundCents, reviewState FROM credit_notes WHERE deleted = 0');
    const expenses = await rowsOf<{ amountCents: number }>('SELECT id, amountCents FROM expenses WHERE deleted = 0');
    const moves = await rowsOf<{ amountCents: number; kind: string }>('SELECT id, amountCents, kind FROM drawer_moves WHERE deleted = 0');
    const lines = await rowsOf<{ quantityHundredths: number; totalCents: number; taxCents: number; invoiceId: string }>(
      'SELECT id, quantityHundredths, totalCents, taxCents, invoiceId FROM invoice_lines WHERE deleted = 0',
    );
    const taxAdded = new Set(((await db.$client.prepare('SELECT id FROM invoices WHERE pricesIncludeTax = 0').all()) as { id: string }[]).map((row) => row.id));
    const tableOf = (kind: MoneyKind) => (kind === 'expense' ? expenses : kind === 'payIn' || kind === 'payOut' ? moves : payments);

    for (const handed of this.entries.values()) {
      const what = `${handed.forged ? 'forged' : 'honest'} ${handed.kind} ${handed.id} of ${handed.device} (${handed.cents} cents)`;
      const times = handed.mutationIds.filter(applied).length;
      if (times > 1) problems.push(`${what}: applied ${times} times`);
      if (times === 0) {
        if (!handed.forged) problems.push(`${what}: never recorded`);
        if ((await tableOf(handed.kind)).has(handed.id)) problems.push(`${what}: recorded though every push of it was refused`);
        continue;
      }
      if (handed.kind !== 'refund') {
        const row = (await tableOf(handed.kind)).get(handed.id) as { amountCents: number; kind?: string } | undefined;
        if (row?.amountCents !== handed.cents || (row.kind ?? handed.kind) !== handed.kind) problems.push(`${what}: recorded as ${JSON.stringify(row)}`);
        continue;
      }
      // A refund: the credit note says what was handed back; its payment is what the books count as
      // paid out (or kept as credit); the rest is held for review (shared/mutations/returns.ts).
      const { creditNoteId, invoiceId, lines: returned } = handed.refundOf!;
      const note = notes.get(creditNoteId);
      const paid = -(payments.get(handed.id)?.amountCents ?? 0);
      // What the lines can be worth at most: each line's share by quantity (at most as sold), tax
      // added where the sale added it, and a cent a line for rounding.
      const worth = returned.reduce((sum, input) => {
        const line = lines.get(input.invoiceLineId);
        if (!line || line.invoiceId !== invoiceId || line.quantityHundredths <= 0) return sum;
        const share = Math.min(Math.round(input.quantity * 100), line.quantityHundredths) / line.quantityHundredths;
        return sum + share * (line.totalCents + (taxAdded.has(invoiceId) ? line.taxCents : 0)) + 1;
      }, 0);
      if (note?.refundCents !== handed.cents) problems.push(`${what}: its credit note says ${note?.refundCents} was handed back`);
      if (paid < 0 || paid > handed.cents) problems.push(`${what}: ${paid} recorded as refunded`);
      if (paid > worth) problems.push(`${what}: ${paid} recorded as refunded, beyond the ${Math.floor(worth)} its lines can be worth`);
      if (!handed.forged && paid !== handed.cents) problems.push(`${what}: an honest refund, but only ${paid} recorded as refunded, the rest held`);
      if (paid < handed.cents && note?.reviewState !== 'open') problems.push(`${what}: ${handed.cents - paid} held with no review open`);
    }

    // Nothing recorded that no cashier made.
    const noted = (id: string, kinds: MoneyKind[]) => kinds.includes(this.entries.get(id)?.kind as MoneyKind);
    for (const id of payments.keys()) if (!noted(id, ['payment', 'refund'])) problems.push(`payment ${id} recorded, made by no device`);
    for (const id of expenses.keys()) if (!noted(id, ['expense'])) problems.push(`expense ${id} recorded, made by no device`);
    for (const id of moves.keys()) if (!noted(id, ['payIn', 'payOut'])) problems.push(`drawer move ${id} recorded, made by no device`);
    const refunded = new Set([...this.entries.values()].flatMap((handed) => (handed.refundOf ? [handed.refundOf.creditNoteId] : [])));
    for (const [id, note] of notes) if (note.refundCents > 0 && !refunded.has(id)) problems.push(`credit note ${id} refunds ${note.refundCents}, handed over by no device`);
    return problems;
  }
}
