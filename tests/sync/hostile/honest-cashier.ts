// What an honest cashier does at a register of the hostile run, through the real screens' mutations
// on the device: customers, sales (cash with change or credit left, card, on account, paid with
// customer credit), payments on the due list, returns priced as the Returns screen prices them, the
// cash drawer (open, pay in and out within what it holds, expenses, a blind count) and expenses.
import { saleTotalCents, type Device, type SaleLineSpec } from '../harness';
import { returnContextOn, leftOf } from '../returns-on-device';
import { count, newCustomerArgs, openSessionOn, pickOn, runOn, saleOf, type Shop } from './shop';
import { placeholder, wordsOf } from './anomalies';
import { customerCreditOnDevice } from '@/db/customer-credit';
import { drawerRecordsOnDevice } from '@/sync/mutators/drawer';
import { nextCreditNoteNo, nextZReportNo } from '@/sync/invoice-numbers';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { denominations, type DrawerCount } from '@shared/domain/cash-drawer';
import { localDay } from '@shared/domain/dashboard';
import { refundableByMethod } from '@shared/domain/returns';
import { zReportOf } from '@shared/mutations/drawer';
import { checkReturnRights, returnRows } from '@shared/mutations/returns';
import { guestRefundMethods, refundMethods, returnMessages } from '@shared/schemas/return';
import type { DrawerSessionRow } from '@shared/schemas/drawer';
import type { Occurred } from '@shared/domain/device-time';

/** The one problem that may stop an honest return: a refund above what its method paid (the screen then offers another). */
const abovePaid = wordsOf(returnMessages.refundAbovePaid(placeholder, placeholder));

export async function honestOp(shop: Shop, d: Device): Promise<void> {
  const roll = shop.random.next();
  if (roll < 0.07) return newCustomer(shop, d);
  if (roll < 0.4) return sale(shop, d);
  if (roll < 0.52) return payment(shop, d);
  if (roll < 0.72) return honestReturn(shop, d);
  if (roll < 0.93) return drawerOp(shop, d);
  return expense(shop, d, random(shop).pick(['Bank', 'Card']));
}

const random = (shop: Shop) => shop.random;
const today = () => localDay(new Date());

export async function newCustomer(shop: Shop, d: Device, pool = shop.honestCustomers): Promise<void> {
  const entry = await runOn(shop, d, 'createCustomer', newCustomerArgs(shop));
  if (entry) pool.push(String(entry.args.id));
}

/**
 * A cart line: a part the register holds in stock (its warranty now and then), or a service, often
 * three of it at a discount: a total not divisible by three, whose thirds a return prices unevenly.
 */
export async function saleLine(shop: Shop, d: Device): Promise<SaleLineSpec> {
  const item = random(shop).chance(0.3) ? await pickOn(shop, d, 'items', (row) => Number(row.stockHundredths) >= 300) : null;
  if (item) {
    return {
      kind: 'item',
      refId: item.id,
      name: String(item.itemName),
      quantity: random(shop).int(1, 3),
      unitPrice: Number(item.unitPriceCents) / 100,
      discountPercent: random(shop).pick([0, 0, 10]),
      warrantyMonths: random(shop).pick([0, 1, 6]),
    };
  }
  return {
    kind: 'service',
    refId: null,
    name: random(shop).pick(['Wheel alignment', 'Oil change', 'Tune-up', 'Brake service']),
    quantity: random(shop).pick([1, 3, 3, 1.5]),
    unitPrice: random(shop).int(100, 2_000_000) / 100,
    discountPercent: random(shop).pick([0, 5, 12.5, 33.33]),
  };
}

/** A sale at the register, to a guest or a customer of `pool`: their credit spent now and then, when `spendCredit`. */
export async function sale(shop: Shop, d: Device, pool = shop.honestCustomers, spendCredit = true): Promise<void> {
  const customer = random(shop).chance(0.3) ? null : await pickOn(shop, d, 'customers', (row) => pool.includes(row.id));
  const lines: SaleLineSpec[] = [];
  for (let i = random(shop).int(1, 3); i > 0; i -= 1) lines.push(await saleLine(shop, d));
  const total = saleTotalCents(lines, { taxRatePercent: 0, pricesIncludeTax: false });
  const credit = customer && spendCredit ? await customerCreditOnDevice(d.db, customer.id) : 0;
  let spec: { method: string; tendered: number; keepExcess?: boolean };
  if (credit > 0 && random(shop).chance(0.4)) spec = { method: customerCreditMethod, tendered: Math.min(total, credit) };
  else {
    const method = random(shop).pick(customer ? ['Cash', 'Cash', 'Card', 'Credit'] : ['Cash', 'Cash', 'Card']);
    const extra = method === 'Cash' && random(shop).chance(0.25) ? random(shop).int(1, 500_000) : 0;
    spec = { method, tendered: method === 'Credit' ? 0 : total + extra, keepExcess: !!customer && extra > 0 && random(shop).chance(0.5) };
  }
  const args = saleOf(shop, await d.nextInvoiceNo(), {
    customerId: customer?.id ?? null,
    lines,
    method: spec.method as never,
    tendered: spec.tendered / 100,
    keepExcess: spec.keepExcess ?? false,
  });
  await runOn(shop, d, 'checkoutSale', args);
}

async function payment(shop: Shop, d: Device): Promise<void> {
  const invoice = await pickOn(shop, d, 'invoices', (row) => Number(row.dueCents) > 0 && (!row.customerId || shop.honestCustomers.includes(row.customerId)));
  if (!invoice) return;
  const due = Number(invoice.dueCents);
  const credit = invoice.customerId && !invoice.guest ? await customerCreditOnDevice(d.db, invoice.customerId) : 0;
  const byCredit = credit > 0 && random(shop).chance(0.3);
  const amount = byCredit ? Math.min(due, credit) : random(shop).chance(0.6) ? due : random(shop).int(1, due);
  const method = byCredit ? customerCreditMethod : random(shop).pick(['Cash', 'Cash', 'Card', 'Bank Transfer']);
  await runOn(shop, d, 'recordPayment', { id: shop.id(), invoiceId: invoice.id, date: today(), method, amount: amount / 100, note: '' });
}

/** The invoices the device holds with a line partly taken back and something of it left. */
async function partlyReturned(d: Device): Promise<string[]> {
  const back = new Map<string, number>();
  for (const line of await d.db.creditNoteLines.toArray()) if (!line.deleted) back.set(line.invoiceLineId, (back.get(line.invoiceLineId) ?? 0) + line.quantityHundredths);
  const sold = await d.db.invoiceLines.bulkGet([...back.keys()]);
  return sold.filter((line) => line && !line.deleted && line.quantityHundredths > back.get(line.id)!).map((line) => line!.invoiceId);
}

/** A return as the Returns screen makes it: one line of a sale the register holds, priced from the register's rows. */
async function honestReturn(shop: Shop, d: Device): Promise<void> {
  // Half the time a sale with a line partly taken back: its next part is priced after the first.
  const returned = new Set(random(shop).chance(0.5) ? await partlyReturned(d) : []);
  const invoice = await pickOn(shop, d, 'invoices', (row) => (!row.customerId || shop.honestCustomers.includes(row.customerId)) && (!returned.size || returned.has(row.id)));
  const context = invoice ? await returnContextOn(d, invoice.id) : null;
  const open = context?.saleLines.filter((line) => leftOf(context, line) > 0) ?? [];
  if (!context || !open.length) return;
  const partly = open.filter((line) => context.returnedLines.some((back) => back.invoiceLineId === line.id));
  const line = random(shop).pick(partly.length ? partly : open);
  const left = leftOf(context, line);
  // A line sold by the third goes back a unit at a time now and then (its shares are 3.33, 3.34, 3.33).
  const quantity = left > 100 && random(shop).chance(0.8) ? 100 : left;
  const args = {
    id: shop.id(),
    creditNoteNo: await nextCreditNoteNo(d.db),
    invoiceId: context.invoice.id,
    date: new Date().toISOString(),
    reason: 'Not needed' as const,
    note: '',
    refundMethod: 'Cash' as (typeof refundMethods)[number],
    refundPaymentId: shop.id(),
    lines: [
      { id: shop.id(), invoiceLineId: line.id, itemId: line.kind === 'item' ? line.refId : null, quantity: quantity / 100, disposition: 'restock' as const, supplierName: '' },
    ],
  };
  if (checkReturnRights(args, context, d.author)) return void count(shop, 'honestReturnNotAllowed');
  const allowed = context.invoice.guest ? guestRefundMethods : refundMethods;
  const paidBy = allowed.filter((method) => refundableByMethod(context.payments, method) > 0);
  const priced = (method: (typeof refundMethods)[number]) => returnRows({ ...args, refundMethod: method }, context, d.author, { at: args.date } as Occurred);
  const method = paidBy.find((candidate) => priced(candidate).problems.length === 0);
  if (!method) {
    // The screen refuses a refund above what a method paid (another method, or none, is left); any
    // other problem would refuse an honest return at the counter.
    const problems = paidBy.flatMap((candidate) => priced(candidate).problems).filter((problem) => !abovePaid.test(problem));
    if (problems.length) shop.unexpected.push(`an honest return of ${quantity} of ${line.name} refused at ${d.name}: ${problems.join(' ')}`);
    return void count(shop, 'honestReturnNothingToRefundBy');
  }
  const rows = priced(method);
  await runOn(shop, d, 'returnSale', { ...args, refundMethod: method, refund: rows.creditNote.refundCents / 100 });
}

/** What the register's X report shows as expected in the drawer now. */
export async function expectedOn(d: Device, session: Record<string, any>): Promise<number> {
  const until = new Date(Date.now() + 60_000).toISOString();
  return zReportOf(session as DrawerSessionRow, await drawerRecordsOnDevice(d, session as DrawerSessionRow, until), until).expectedCents;
}

/** The notes and coins of `cents` (what a count of exactly that finds); the remainder below Re. 1 is left out. */
export function countOf(cents: number): DrawerCount {
  const pieces: DrawerCount = {};
  let left = Math.max(cents, 0);
  for (const { cents: piece } of denominations) {
    if (left >= piece) pieces[piece] = Math.floor(left / piece);
    left -= (pieces[piece] ?? 0) * piece;
  }
  return pieces;
}

export async function drawerOp(shop: Shop, d: Device): Promise<void> {
  const open = await openSessionOn(shop, d);
  if (!open) return void (await runOn(shop, d, 'openDrawer', { id: shop.id(), float: random(shop).int(0, 20_000) }));
  const expected = await expectedOn(d, open);
  const roll = random(shop).next();
  if (roll < 0.3) {
    // Out: never more than the drawer holds.
    const payOut = expected > 100 && random(shop).chance(0.5);
    const amount = payOut ? random(shop).int(1, expected) : random(shop).int(1, 500_000);
    return void (await runOn(shop, d, 'moveDrawerCash', { id: shop.id(), sessionId: open.id, kind: payOut ? 'payOut' : 'payIn', amount: amount / 100, reason: 'Bank' }));
  }
  if (roll < 0.5) return expected > 100 ? expense(shop, d, 'Cash drawer', expected) : undefined;
  const short = random(shop).chance(0.2) ? 2_000 : 0;
  const pieces = countOf(expected - short);
  const counted = Object.entries(pieces).reduce((sum, [piece, n]) => sum + Number(piece) * (n ?? 0), 0);
  const closed = await runOn(shop, d, 'closeDrawer', {
    sessionId: open.id,
    zNumber: await nextZReportNo(d.db),
    count: pieces,
    expected: expected / 100,
    differenceReason: counted === expected ? '' : 'Short',
  });
  if (closed) shop.closing.add(open.id);
}

async function expense(shop: Shop, d: Device, paidFrom: string, most = 300_000): Promise<void> {
  await runOn(shop, d, 'recordExpense', {
    id: shop.id(),
    date: today(),
    category: random(shop).pick(['Fuel', 'Food', 'Cleaning']),
    amount: random(shop).int(100, Math.max(most, 100)) / 100,
    paidFrom,
    note: '',
    ...(paidFrom === 'Cash drawer' ? { register: shop.codes.get(d.name) } : {}),
  });
}
