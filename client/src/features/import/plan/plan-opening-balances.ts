import { recordOpeningBalanceSchema } from '@shared/schemas/opening-balance';
import { openingInvoiceNo } from '@shared/domain/opening-balance';
import { invoiceDueDate } from '@shared/domain/sales';
import { formatMoney, fromCents, toCents } from '@shared/domain/money';
import { readTextCell } from '@shared/import/read-cells';
import { nameKey, phoneKey } from './keys';
import { RowProblems } from './row-problems';
import { emptyTally, type FileRow, type ImportPlan, type PlanStep } from './plan-types';
import type { ShopCustomer } from './plan-customers';

/** What an opening-balances file is matched against: the shop's customers, and the invoice numbers it holds. */
export interface ShopDues {
  customers: readonly Pick<ShopCustomer, 'id' | 'customerName' | 'phone'>[];
  invoiceNos: ReadonlySet<string>;
}

/**
 * The customer is not made from this file: an opening balance names a customer by name and phone,
 * and our customer form asks for an address (and the shop's customers come with their vehicles), so
 * a customer made here would be half a record. A garage moving in brings its customers first (the
 * whole-shop export has them in a file of their own), then the money they owe.
 */
export const unknownCustomerMessage = (who: string) => `No customer ${who} in the shop: import your customers first (Customers with vehicles), then this file.`;

/**
 * The dry run of an opening-balances file (issue 43): a row an unpaid invoice of the old books,
 * checked by recordOpeningBalance's own rules (a number, a day for Date and Due Date, a Total above 0,
 * Paid from 0 to the Total); a number twice in the file refuses the later row. The customer is the
 * shop's, found by phone (the one of that name when a phone is shared), or, on a row without a
 * phone, by name: the customer a row of the file with a phone and that name found, else the one of
 * that name in the shop.
 *
 * An invoice is found by its number: the opening series' (`OB-<number>`), or the number as written
 * (a whole-shop export of this shop brought back holds its own INV- sales). Found, it is 'unchanged'
 * and never 'would update', whatever the file says of it now: recordOpeningBalance writes nothing
 * for a number it holds, and an invoice's paid and due move only by payments and returns, as an
 * item's stock moves only by movements (plan-items.ts). So a second import of the morning's file
 * after a day of payments leaves the day's payments as they are.
 *
 * `totals.dueCents` is the file's total still due, Σ (Total − Paid) over its rows without problems
 * (found ones too), beside the shop's total due on the reconciliation.
 */
export function planOpeningBalances(rows: readonly FileRow[], shop: ShopDues, newId: () => string): ImportPlan {
  const problems = new RowProblems('openingBalances');
  const byPhone = new Map<string, ShopDues['customers'][number][]>();
  const byName = new Map<string, ShopDues['customers'][number][]>();
  for (const customer of shop.customers) {
    const phone = phoneKey(customer.phone ?? '');
    if (phone) byPhone.set(phone, [...(byPhone.get(phone) ?? []), customer]);
    const name = nameKey(customer.customerName ?? '');
    byName.set(name, [...(byName.get(name) ?? []), customer]);
  }
  const text = (row: FileRow, key: string) => readTextCell(row.cells[key]);
  const byPhoneOf = (row: FileRow) => {
    const found = byPhone.get(phoneKey(text(row, 'phone')!)) ?? [];
    const name = nameKey(text(row, 'customerName') ?? '');
    return found.find((customer) => nameKey(customer.customerName) === name) ?? found[0];
  };
  // The customers the file's rows with a phone found, by the name those rows give.
  const foundOfName = new Map<string, Set<string>>();
  for (const row of rows) {
    const name = text(row, 'customerName');
    const found = text(row, 'phone') ? byPhoneOf(row) : undefined;
    if (name && found) foundOfName.set(nameKey(name), (foundOfName.get(nameKey(name)) ?? new Set()).add(found.id));
  }
  const customerOf = (row: FileRow): string | null => {
    const phone = text(row, 'phone');
    const name = text(row, 'customerName');
    if (phone) {
      const found = byPhoneOf(row);
      if (!found) problems.add(row.row, 'phone', unknownCustomerMessage(`with the phone ${phone}`));
      return found?.id ?? null;
    }
    if (!name) {
      problems.add(row.row, 'customerName', 'Customer Name or Phone is required.');
      return null;
    }
    const inFile = [...(foundOfName.get(nameKey(name)) ?? [])];
    const candidates = inFile.length ? inFile : (byName.get(nameKey(name)) ?? []).map((customer) => customer.id);
    if (candidates.length > 1) problems.add(row.row, 'phone', `More than one customer is named ${name}: give this row their phone.`);
    else if (!candidates.length) problems.add(row.row, 'customerName', unknownCustomerMessage(`named ${name}`));
    return candidates.length === 1 ? candidates[0]! : null;
  };

  const steps: PlanStep[] = [];
  const tallies = { invoices: emptyTally() };
  const numbersSeen = new Map<string, number>();
  let dueCents = 0;
  for (const row of rows) {
    const { cells } = row;
    const invoiceNo = readTextCell(cells.invoiceNo) ?? '';
    const date = cells.date ?? '';
    // A blank Due Date is a sale's: 14 days after its date.
    const dueDate = cells.dueDate ?? (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? invoiceDueDate(date) : '');
    // Paid blank: what the file says is still due tells it, else nothing was paid.
    const totalGiven = typeof cells.total === 'number' ? toCents(cells.total) : null;
    const dueGiven = typeof cells.due === 'number' ? toCents(cells.due) : null;
    const paid = cells.paid ?? (totalGiven !== null && dueGiven !== null ? fromCents(totalGiven - dueGiven) : 0);
    const checked = recordOpeningBalanceSchema.safeParse({
      id: 'check',
      customerId: 'check',
      invoiceNo,
      date,
      dueDate,
      total: cells.total ?? '',
      paid,
      paymentId: 'check',
      note: readTextCell(cells.note),
    });
    if (!checked.success) {
      problems.addIssue(row.row, checked.error, (path) => (path.length ? String(path[0]) : undefined));
      continue;
    }
    const owed = toCents(checked.data.total) - toCents(checked.data.paid);
    if (cells.due !== undefined && (dueGiven === null || dueGiven !== owed)) {
      problems.add(
        row.row,
        'due',
        dueGiven === null ? 'Due must be a number.' : `Due is ${formatMoney(dueGiven)} but Total − Paid is ${formatMoney(owed)}: write the same amounts as the old books.`,
      );
      continue;
    }
    const number = openingInvoiceNo(checked.data.invoiceNo);
    const earlier = numbersSeen.get(number);
    if (earlier !== undefined) {
      problems.add(row.row, 'invoiceNo', `Invoice No ${checked.data.invoiceNo} is also on row ${earlier}.`);
      continue;
    }
    numbersSeen.set(number, row.row);
    if (shop.invoiceNos.has(number) || shop.invoiceNos.has(checked.data.invoiceNo)) {
      tallies.invoices.unchanged++;
      dueCents += owed;
      continue;
    }
    const customerId = customerOf(row);
    if (!customerId) continue;
    const id = newId();
    const args = { ...checked.data, id, customerId, paymentId: newId() };
    steps.push({ op: 'create', table: 'invoices', id, name: 'recordOpeningBalance', args, rows: [row.row] });
    tallies.invoices.new++;
    dueCents += owed;
  }
  return { steps, tallies, problems: problems.list(), totals: { invoices: tallies.invoices.new + tallies.invoices.unchanged, dueCents } };
}
