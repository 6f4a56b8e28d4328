import { describe, expect, it } from 'vitest';
import { planOpeningBalances, unknownCustomerMessage, type ShopDues } from './plan-opening-balances';
import type { FileRow } from './plan-types';

type Cells = Record<string, unknown>;
const rows = (...cells: Cells[]): FileRow[] => cells.map((c, i) => ({ row: i + 2, cells: c }));
let serial = 0;
const sunil = { id: 'c1', customerName: 'Sunil Perera', phone: '077 123 4567' };
const nimal = { id: 'c2', customerName: 'Nimal Silva', phone: '0712345678' };
const plan = (file: FileRow[], shop: Partial<ShopDues> = {}) => {
  serial = 0;
  return planOpeningBalances(file, { customers: [sunil, nimal], invoiceNos: new Set(), ...shop }, () => `new-${++serial}`);
};
// Cells as the file's readers give them: days as YYYY-MM-DD, amounts as numbers.
const bill: Cells = { customerName: 'Sunil Perera', phone: '0771234567', invoiceNo: 'A-100', date: '2025-03-01', dueDate: '2025-03-31', total: 4500, paid: 1000 };

describe('planOpeningBalances: an unpaid invoice of the old books by its number, for a customer of the shop', () => {
  it('makes each invoice through recordOpeningBalance, under its original number, and sums what is still due', () => {
    const result = plan(rows(bill, { phone: '+94 71 234 5678', invoiceNo: 'A-101', date: '2025-03-02', total: 800 }));
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([
      {
        op: 'create',
        table: 'invoices',
        id: 'new-1',
        name: 'recordOpeningBalance',
        rows: [2],
        args: { id: 'new-1', customerId: 'c1', invoiceNo: 'A-100', date: '2025-03-01', dueDate: '2025-03-31', total: 4500, paid: 1000, paymentId: 'new-2', note: '' },
      },
      {
        op: 'create',
        table: 'invoices',
        id: 'new-3',
        name: 'recordOpeningBalance',
        rows: [3],
        // No due date: a sale's, 14 days after its date; nothing paid.
        args: { id: 'new-3', customerId: 'c2', invoiceNo: 'A-101', date: '2025-03-02', dueDate: '2025-03-16', total: 800, paid: 0, paymentId: 'new-4', note: '' },
      },
    ]);
    expect(result.tallies).toEqual({ invoices: { new: 2, update: 0, unchanged: 0 } });
    expect(result.totals).toEqual({ invoices: 2, dueCents: 350000 + 80000 });
  });

  it("takes Paid from the due list's Due when the file gives no Paid", () => {
    const result = plan(rows({ ...bill, paid: undefined, due: 3500 }));
    expect(result.problems).toEqual([]);
    expect(result.steps[0]).toMatchObject({ args: { paid: 1000 } });
  });

  it('finds a row without a phone by name: the customer a row of the file found, else the one in the shop', () => {
    const twoNimals = [sunil, nimal, { id: 'c3', customerName: 'nimal  silva', phone: '0719999999' }];
    const result = plan(
      rows(
        { ...bill, phone: '0712345678', customerName: 'Nimal Silva' },
        { ...bill, invoiceNo: 'A-2', phone: undefined, customerName: 'NIMAL SILVA' },
        { ...bill, invoiceNo: 'A-3', phone: undefined },
      ),
      {
        customers: twoNimals,
      },
    );
    expect(result.problems).toEqual([]);
    expect(result.steps.map((step) => step.op === 'create' && step.args.customerId)).toEqual(['c2', 'c2', 'c1']);
  });

  it.each<[string, Cells[], { row: number; column?: string; message: string }[]]>([
    ['a missing number', [{ ...bill, invoiceNo: undefined }], [{ row: 2, column: 'Invoice No', message: 'Invoice No is required.' }]],
    ['a date that is no day', [{ ...bill, date: '31/02/2025' }], [{ row: 2, column: 'Date', message: 'Date must be a date (dd/MM/yyyy).' }]],
    ['a missing date', [{ ...bill, date: undefined, dueDate: undefined }], [{ row: 2, column: 'Date', message: 'Date must be a date (dd/MM/yyyy).' }]],
    ['a due date that is no day', [{ ...bill, dueDate: 'next month' }], [{ row: 2, column: 'Due Date', message: 'Due Date must be a date (dd/MM/yyyy).' }]],
    ['a due date before the date', [{ ...bill, dueDate: '2025-02-01' }], [{ row: 2, column: 'Due Date', message: 'Due Date cannot be before the Date.' }]],
    ['a total of 0', [{ ...bill, total: 0, paid: 0 }], [{ row: 2, column: 'Total', message: 'Total must be a number more than 0.' }]],
    ['a negative total', [{ ...bill, total: -4500, paid: 0 }], [{ row: 2, column: 'Total', message: 'Total must be a number more than 0.' }]],
    ['a total that is no number', [{ ...bill, total: 'four thousand' }], [{ row: 2, column: 'Total', message: 'Total must be a number more than 0.' }]],
    ['a missing total', [{ ...bill, total: undefined }], [{ row: 2, column: 'Total', message: 'Total must be a number more than 0.' }]],
    ['paid above the total', [{ ...bill, paid: 4500.01 }], [{ row: 2, column: 'Paid', message: 'Paid cannot be more than the Total.' }]],
    ['a negative paid', [{ ...bill, paid: -1 }], [{ row: 2, column: 'Paid', message: 'Paid must be a number of 0 or more.' }]],
    [
      'a Due that is not Total − Paid',
      [{ ...bill, due: 3000 }],
      [{ row: 2, column: 'Due', message: 'Due is Rs. 3,000.00 but Total − Paid is Rs. 3,500.00: write the same amounts as the old books.' }],
    ],
    [
      'the same number twice in the file, however written',
      [bill, { ...bill, total: 100, paid: 0 }, { ...bill, invoiceNo: 'OB-A-100' }],
      [
        { row: 3, column: 'Invoice No', message: 'Invoice No A-100 is also on row 2.' },
        { row: 4, column: 'Invoice No', message: 'Invoice No OB-A-100 is also on row 2.' },
      ],
    ],
    ['a phone no customer of the shop has', [{ ...bill, phone: '0700000000' }], [{ row: 2, column: 'Phone', message: unknownCustomerMessage('with the phone 0700000000') }]],
    [
      'a name no customer of the shop has, without a phone',
      [{ ...bill, phone: undefined, customerName: 'Kamal' }],
      [{ row: 2, column: 'Customer Name', message: unknownCustomerMessage('named Kamal') }],
    ],
    ['neither a name nor a phone', [{ ...bill, phone: undefined, customerName: undefined }], [{ row: 2, column: 'Customer Name', message: 'Customer Name or Phone is required.' }]],
  ])('refuses %s', (_case, file, problems) => {
    const result = plan(rows(...file));
    expect(result.problems).toEqual(problems);
    expect(result.steps.flatMap((step) => step.rows).filter((row) => problems.some((problem) => problem.row === row))).toEqual([]);
  });

  it('refuses a name two customers of the shop have, without a phone', () => {
    const result = plan(rows({ ...bill, phone: undefined, customerName: 'Nimal Silva' }), {
      customers: [sunil, nimal, { id: 'c3', customerName: 'Nimal Silva', phone: '0719999999' }],
    });
    expect(result.problems).toEqual([{ row: 2, column: 'Phone', message: 'More than one customer is named Nimal Silva: give this row their phone.' }]);
  });

  it('leaves an invoice the shop holds as it is, whatever the file says of it now, and still counts what it says is due', () => {
    // OB-A-100 from an earlier import; INV-00007 one of the shop's own sales, from a whole-shop export.
    const shop = { invoiceNos: new Set(['OB-A-100', 'INV-00007']) };
    const result = plan(rows({ ...bill, paid: 0 }, { ...bill, invoiceNo: 'INV-00007', total: 300, paid: 100 }, { ...bill, invoiceNo: 'A-102', total: 50, paid: 0 }), shop);
    expect(result.problems).toEqual([]);
    expect(result.tallies.invoices).toEqual({ new: 1, update: 0, unchanged: 2 });
    expect(result.steps.map((step) => step.rows)).toEqual([[4]]);
    expect(result.totals).toEqual({ invoices: 3, dueCents: 450000 + 20000 + 5000 });
  });
});
