// The hostile Staff member's money attacks (issue 42, points 3, 4, 5): refunds stated far beyond what
// the lines are worth, in cash and as customer credit; that credit spent at the register and on the
// due list, and credit made by a correction only a Manager may record; returns with the register's
// clock set back into the Staff window or a warranty; numbers of the server's own series, over REST
// and pushed; and replays of what was already sent.
import { returnContextOn, leftOf } from '../returns-on-device';
import { count, expectAnswer, expectReview, pickOn, pushForged, runOn, saleOf, type Shop } from './shop';
import { nextCreditNoteNo } from '@/sync/invoice-numbers';
import { customerCreditOf, creditUnderReviewOf } from '@server/sales/customer-credit';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { localDay } from '@shared/domain/dashboard';
import { checkReturnRights, returnRows } from '@shared/mutations/returns';
import type { Occurred } from '@shared/domain/device-time';

const money = { max: 10_000_000_000 }; // Rs. 100,000,000: the largest amount a form takes
const serverHas = async (shop: Shop, sqlTable: string, id: string) => !!(await shop.server.db.$client.prepare(`SELECT 1 FROM ${sqlTable} WHERE id = ? AND deleted = 0`).get(id));

interface ReturnLine {
  invoiceLineId: string;
  itemId: string | null;
  quantity: number;
}

/** A return's arguments as the Returns screen sends them, numbered on the hostile register. */
async function returnArgs(shop: Shop, invoiceId: string, lines: ReturnLine[], options: { refundCents: number; refundMethod?: string; date?: string; reason?: string }) {
  return {
    id: shop.id(),
    creditNoteNo: await nextCreditNoteNo(shop.hostile.db),
    invoiceId,
    date: options.date ?? new Date().toISOString(),
    reason: options.reason ?? 'Not needed',
    note: '',
    refundMethod: options.refundMethod ?? 'Cash',
    refundPaymentId: shop.id(),
    refund: options.refundCents / 100,
    lines: lines.map((line) => ({ id: shop.id(), disposition: 'restock', supplierName: '', ...line })),
  };
}

/**
 * A return of one line of a sale the server holds, stating far more handed back than the line is
 * worth: pushed by hand, or made on the Returns screen and its refund edited in the outbox.
 * Customer credit only for the hostile register's own customers (the honest registers spend their
 * customers' credit, and must not meet this).
 */
export async function forgedRefund(shop: Shop, method: 'Cash' | 'Customer Credit'): Promise<void> {
  const d = shop.hostile;
  const invoice = await pickOn(
    shop,
    d,
    'invoices',
    async (row) => (await serverHas(shop, 'invoices', row.id)) && (method === 'Cash' || shop.hostileCustomers.includes(row.customerId)),
  );
  const context = invoice ? await returnContextOn(d, invoice.id) : null;
  if (!context?.saleLines.length) return;
  const line = shop.random.pick(context.saleLines);
  const quantity = leftOf(context, line) || line.quantityHundredths; // all of it gone already: an over-return
  const worth = line.totalCents + (context.invoice.pricesIncludeTax ? 0 : line.taxCents);
  const stated = Math.min(worth * shop.random.int(2, 20) + shop.random.int(100_000, 50_000_000), money.max);
  const args = await returnArgs(shop, invoice!.id, [{ invoiceLineId: line.id, itemId: line.kind === 'item' ? line.refId : null, quantity: quantity / 100 }], {
    refundCents: stated,
    refundMethod: method,
  });
  // Money was handed back (so it says): recorded whatever its problems, for review.
  const expected = { what: `a refund of ${stated} cents stated by ${method}`, table: 'creditNotes' as const, id: args.id, refusable: false };
  if (shop.random.chance(0.5)) {
    // Through the outbox: the return as the screen prices it, its refund edited before it is sent.
    const honest = returnRows({ ...args, refund: undefined } as never, context, d.author, { at: args.date } as Occurred);
    if (honest.problems.length === 0 && !checkReturnRights(args as never, context, d.author)) {
      const tamper = (entry: Parameters<typeof d.tamperQueued>[0]) => d.tamperQueued(entry, (queued) => ({ ...queued, refund: stated / 100 })).then(() => undefined);
      const entry = await runOn(shop, d, 'returnSale', { ...args, refund: honest.creditNote.refundCents / 100 }, { forged: true, tamper });
      if (entry) return expectReview(shop, entry, expected);
    }
  }
  await pushForged(shop, 'returnSale', args, { expect: expected });
}

/**
 * Customer credit spent beyond what may be spent (the balance less what only a return under review
 * gave), at the register (a sale) or on the due list (a payment on a sale on account), judged against
 * the server's books as the push arrives: it is recorded (the goods went) and its invoice reviewed.
 */
export async function creditSpend(shop: Shop, via: 'sale' | 'payment'): Promise<void> {
  const db = shop.server.db;
  const customers: { id: string; balance: number; underReview: number }[] = [];
  for (const id of shop.hostileCustomers) {
    if (await serverHas(shop, 'customers', id)) customers.push({ id, balance: await customerCreditOf(db, id), underReview: await creditUnderReviewOf(db, id) });
  }
  if (!customers.length) return;
  const forgedCredit = customers.filter((customer) => customer.underReview > 0);
  const customer = forgedCredit.length && shop.random.chance(0.7) ? await shop.random.pick(forgedCredit) : await shop.random.pick(customers);
  const spendable = Math.max(customer.balance - customer.underReview, 0);
  const spend = Math.min(spendable + shop.random.int(1, Math.max(customer.underReview, 1_000_000)), money.max);
  const lines = [{ kind: 'service' as const, refId: null, name: 'Paint job', quantity: 1, unitPrice: spend / 100 }];
  const what = `${spend} cents of customer credit spent by ${via}, ${spendable} spendable`;
  if (via === 'sale') {
    const sale = saleOf(shop, await shop.hostile.nextInvoiceNo(), { customerId: customer.id, lines, method: customerCreditMethod, tendered: spend / 100 });
    await pushForged(shop, 'checkoutSale', sale, { expect: { what, table: 'invoices', id: String(sale.id), refusable: false } });
    return;
  }
  const onAccount = saleOf(shop, await shop.hostile.nextInvoiceNo(), { customerId: customer.id, lines, method: 'Credit', tendered: 0 });
  await pushForged(shop, 'checkoutSale', onAccount);
  const payment = { id: shop.id(), invoiceId: onAccount.id, date: localDay(new Date()), method: customerCreditMethod, amount: spend / 100, note: '' };
  await pushForged(shop, 'recordPayment', payment, { expect: { what, table: 'invoices', id: String(onAccount.id), refusable: false } });
}

/**
 * A return of a part sold 60 days ago with a month's warranty (beyond the Staff window and the
 * warranty), made with the register's clock set back to the day after the sale. Recorded for review
 * when money was handed back, refused when none was.
 */
export async function backdatedReturn(shop: Shop): Promise<void> {
  const sale = shop.random.pick(shop.oldSales);
  const dayAfter = new Date(Date.parse(sale.date) + 86_400_000).toISOString();
  const part = (await shop.server.db.$client.prepare('SELECT totalCents, quantityHundredths FROM invoice_lines WHERE id = ?').get(sale.partLineId)) as {
    totalCents: number;
    quantityHundredths: number;
  };
  const refundCents = shop.random.chance(0.4) ? 0 : Math.round(part.totalCents / (part.quantityHundredths / 100));
  const args = await returnArgs(shop, sale.invoiceId, [{ invoiceLineId: sale.partLineId, itemId: sale.itemId, quantity: 1 }], {
    refundCents,
    date: dayAfter,
    reason: shop.random.pick(['Faulty under warranty', 'Not needed']),
  });
  const what = `a return of a 60-day-old sale with the clock set back to ${dayAfter.slice(0, 10)}, ${refundCents} cents handed back`;
  // Nothing handed back: refused when the rights fail at the time the server vouches for.
  await pushForged(shop, 'returnSale', args, { createdAt: dayAfter, expect: { what, table: 'creditNotes', id: args.id, refusable: refundCents === 0 } });
}

/**
 * Credit made out of nothing: a correction (a negative payment) by customer credit, which only a
 * Manager or Admin may record. Refused; were it recorded, the customer could spend credit never
 * paid in (invariant 2).
 */
export async function creditMinted(shop: Shop): Promise<void> {
  const invoice = await pickOn(shop, shop.hostile, 'invoices', async (row) => (await serverHas(shop, 'invoices', row.id)) && shop.hostileCustomers.includes(row.customerId));
  if (!invoice) return;
  const amount = -shop.random.int(1_000, 5_000_000);
  await pushForged(shop, 'recordPayment', { id: shop.id(), invoiceId: invoice.id, date: localDay(new Date()), method: customerCreditMethod, amount, note: 'Goodwill' });
}

/** Numbers of the server's own series: refused over REST, nothing written; pushed, recorded under the server's next number, for review. */
export async function serverSeries(shop: Shop): Promise<void> {
  const staff = shop.users.hostile;
  const invoice = await pickOn(shop, shop.hostile, 'invoices', async (row) => serverHas(shop, 'invoices', row.id));
  const line = invoice ? (await shop.hostile.db.invoiceLines.where('invoiceId').equals(invoice.id).toArray())[0] : undefined;
  const writes = async () =>
    await shop.server.db.$client
      .prepare('SELECT (SELECT COUNT(*) FROM credit_notes) AS notes, (SELECT COUNT(*) FROM invoices) AS sales, (SELECT COUNT(*) FROM payments) AS paid')
      .get();
  const before = await writes();
  if (line) {
    const body = { invoiceId: invoice!.id, creditNoteNo: 'CN-SRV-999999999', reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: line.id, quantity: 0.01 }] };
    expectAnswer(shop, 'a REST return numbered CN-SRV-999999999', (await shop.forger.call(staff, 'POST', '/api/returns', body)).status, 400);
  }
  const sale = { invoiceNo: 'INV-SRV-999999999', items: [{ kind: 'service', name: 'Paint job', quantity: 1, unitPrice: 100 }], total: 100, paidAmount: 100 };
  expectAnswer(shop, 'a REST sale numbered INV-SRV-999999999', (await shop.forger.call(staff, 'POST', '/api/sales/sales-invoices', sale)).status, 400);
  expectAnswer(shop, 'what REST calls numbered in the server series wrote', await writes(), before);
  count(shop, 'serverSeriesRefusedOverRest');

  if (line && shop.random.chance(0.5)) {
    const args = { ...(await returnArgs(shop, invoice!.id, [{ invoiceLineId: line.id, itemId: line.kind === 'item' ? line.refId : null, quantity: 0.01 }], { refundCents: 0 })) };
    args.creditNoteNo = 'CN-SRV-999999999';
    // Nothing handed back: refused when nothing of the line is left, else recorded under CN-SRV-…, reviewed.
    await pushForged(shop, 'returnSale', args, { expect: { what: 'a return pushed as CN-SRV-999999999', table: 'creditNotes', id: args.id, refusable: true } });
    return;
  }
  const pushed = saleOf(shop, 'INV-SRV-999999999', { lines: [{ kind: 'service', refId: null, name: 'Paint job', quantity: 1, unitPrice: 100 }], method: 'Cash' });
  await pushForged(shop, 'checkoutSale', pushed, { expect: { what: 'a sale pushed as INV-SRV-999999999', table: 'invoices', id: String(pushed.id), refusable: false } });
}

/** Amounts made bigger, for a replay under the same id (the server must answer as the first time). */
function inflated(name: string, args: Record<string, any>): Record<string, unknown> {
  if (name === 'returnSale') return { ...args, refund: Math.min(Number(args.refund ?? 0) * 10 + 1000, money.max / 100) };
  if (name === 'recordPayment' || name === 'recordExpense' || name === 'moveDrawerCash') return { ...args, amount: Math.min(Number(args.amount) * 10 + 1, money.max / 100) };
  return args;
}

/** A return or sale's arguments with every id new and the rest as it was (the same content under new ids). */
function renewed(shop: Shop, name: string, args: Record<string, any>): Record<string, any> {
  const lines = args.lines.map((line: Record<string, unknown>) => ({ ...line, id: shop.id() }));
  if (name === 'returnSale') return { ...args, id: shop.id(), refundPaymentId: shop.id(), lines };
  return { ...args, id: shop.id(), lines, payment: { ...args.payment, id: shop.id() } };
}

/**
 * What was sent, sent again: under the same mutation id (as sent, or its amounts edited: answered as
 * the first time, nothing changes), the same content under a new mutation id (its records are taken),
 * or a return or sale again with new ids (a second return of the same line, a second sale under the
 * same printed number: recorded only for review, or refused).
 */
export async function replay(shop: Shop): Promise<void> {
  const { forger } = shop;
  // A push the server never recorded (425, 5xx) is no replay: sent again, it is judged afresh.
  const recorded = [...forger.pushed.values()].filter((envelope) => {
    const answer = forger.answers.get(envelope.id);
    return answer && (answer.status === 'applied' || (answer.httpStatus < 500 && answer.httpStatus !== 425));
  });
  if (!recorded.length) return;
  const first = shop.random.pick(recorded.sort((a, b) => (a.id < b.id ? -1 : 1)));
  const roll = shop.random.next();
  if (roll < 0.4) {
    const again = shop.random.chance(0.5) ? first : { ...first, args: inflated(first.name, first.args) };
    const [outcome] = await forger.push(again);
    expectAnswer(shop, `${first.name} ${first.id} replayed under its id`, outcome!.status, forger.answers.get(first.id)!.status);
    return void count(shop, 'replaySameId');
  }
  if (roll < 0.75 || (first.name !== 'returnSale' && first.name !== 'checkoutSale')) {
    const { envelope } = await forger.pushOne(first.name, first.args, { createdAt: first.createdAt });
    shop.ledger.note(shop.hostile.name, true, envelope);
    return void count(shop, 'replayNewMutationId');
  }
  const args = renewed(shop, first.name, first.args);
  const expected =
    first.name === 'returnSale'
      ? { what: 'a return sent again with new ids', table: 'creditNotes' as const, id: String(args.id), refusable: !(Number(args.refund) > 0) }
      : { what: 'a sale sent again with new ids under its printed number', table: 'invoices' as const, id: String(args.id), refusable: false };
  await pushForged(shop, first.name, args, { createdAt: first.createdAt, expect: expected });
  count(shop, 'replayNewIds');
}
