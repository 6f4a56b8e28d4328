import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors';
import { checkoutArgsFromBody, overallDiscountMessage, saleLineFromBody } from '../src/sales/invoice-aliases';
import { checkoutSaleSchema } from '@shared/schemas/sale';

// The spec's invoice body (spec 3) as checkoutSale's arguments: one row per rule.

let ids = 0;
const context = (overrides: Partial<Parameters<typeof checkoutArgsFromBody>[1]> = {}) => ({
  serverInvoiceNo: () => 'INV-SRV-00042',
  companyTax: { taxRatePercent: 8, pricesIncludeTax: false },
  isServiceId: (id: string) => id.startsWith('svc-'),
  newId: () => `new-${++ids}`,
  now: () => '2026-11-23T10:00:00.000Z',
  ...overrides,
});

/** The spec's body as the register of spec 3 sends it. */
const specBody = {
  invoiceNo: 'INV-1732350000000',
  date: '2026-11-23T09:00:00.000Z',
  customerId: 'cust-1',
  customerName: 'Nimal Perera',
  customerPhone: '0771234567',
  customerAddress: '12 Galle Road',
  items: [
    {
      itemId: 'item-1',
      itemName: 'Brake pad',
      quantity: 2,
      unitPriceAtSale: 1100,
      discountPercentageAtSale: 10,
      totalPricePerItem: 1980,
      isService: false,
      warranty: '6 Months',
      serial: 'SN-1',
    },
    { itemId: 'svc-1', itemName: 'Wheel alignment', quantity: 1, unitPriceAtSale: 2500, discountPercentageAtSale: 0, totalPricePerItem: 2500, isService: true },
  ],
  jobCardId: 'job-1',
  vehicleLicensePlate: 'CAB-1234',
  subTotal: 4480,
  taxRate: 10,
  taxAmount: 407.27,
  overallDiscountPercentage: 0,
  total: 4480,
  paidAmount: 4480,
  paymentHistory: [{ date: '2026-11-23T09:00:00.000Z', method: 'Card', amount: 4480 }],
  soldBy: 'Somebody else',
  status: 'Due',
};

describe('the spec invoice body as checkoutSale arguments', () => {
  it('maps every field of the spec body, and the result passes the shared schema', () => {
    ids = 0;
    const args = checkoutArgsFromBody(specBody, context());
    expect(args).toEqual({
      id: 'new-1',
      invoiceNo: 'INV-SRV-00042', // 'INV-' + a timestamp is not a register's number
      date: '2026-11-23T09:00:00.000Z',
      customerId: 'cust-1',
      guest: false,
      customerName: 'Nimal Perera',
      customerPhone: '0771234567',
      customerAddress: '12 Galle Road',
      jobCardId: 'job-1',
      lines: [
        { id: 'new-2', kind: 'item', refId: 'item-1', name: 'Brake pad', quantity: 2, unitPrice: 1100, discountPercent: 10, warrantyMonths: 6 },
        { id: 'new-3', kind: 'service', refId: 'svc-1', name: 'Wheel alignment', quantity: 1, unitPrice: 2500, discountPercent: 0 },
      ],
      taxRatePercent: 10,
      pricesIncludeTax: false, // the body names a rate, not whether prices include it: the company's
      total: 4480,
      payment: { id: 'new-4', method: 'Card', tendered: 4480 },
    });
    expect(checkoutSaleSchema.safeParse(args).success).toBe(true);
  });

  // [label, body fields over the spec body, context overrides, what the arguments then hold]
  const cases: [string, Record<string, unknown>, Partial<Parameters<typeof checkoutArgsFromBody>[1]>, Record<string, unknown>][] = [
    ["a register's number is kept", { invoiceNo: ' INV-D01-00007 ' }, {}, { invoiceNo: 'INV-D01-00007' }],
    ['no number: the server numbers it', { invoiceNo: undefined }, {}, { invoiceNo: 'INV-SRV-00042' }],
    ['a blank number: the server numbers it', { invoiceNo: '' }, {}, { invoiceNo: 'INV-SRV-00042' }],
    ['a number of another shape: the server numbers it', { invoiceNo: 'inv-d01-00007' }, {}, { invoiceNo: 'INV-SRV-00042' }],
    ['a number that is not text: the server numbers it', { invoiceNo: 42 }, {}, { invoiceNo: 'INV-SRV-00042' }],
    ['the body may name the invoice id', { id: 'inv-1' }, {}, { id: 'inv-1' }],
    ['or as _id', { _id: 'inv-2' }, {}, { id: 'inv-2' }],
    ['no date: now', { date: undefined }, {}, { date: '2026-11-23T10:00:00.000Z' }],
    ['a blank date: now', { date: ' ' }, {}, { date: '2026-11-23T10:00:00.000Z' }],
    ['the customer as a record', { customerId: undefined, customer: { _id: 'cust-2', customerName: 'x' } }, {}, { customerId: 'cust-2', guest: false }],
    ['no customer: a guest sale', { customerId: null }, {}, { customerId: null, guest: true }],
    ['a blank customer: a guest sale', { customerId: '' }, {}, { customerId: null, guest: true }],
    ['a customer marked as a guest', { isGuest: true }, {}, { customerId: 'cust-1', guest: true }],
    ['no tax rate: the company setting', { taxRate: undefined }, {}, { taxRatePercent: 8, pricesIncludeTax: false }],
    ['a blank tax rate: the company setting', { taxRate: '' }, {}, { taxRatePercent: 8, pricesIncludeTax: false }],
    ['a rate of 0 is a rate', { taxRate: 0 }, {}, { taxRatePercent: 0 }],
    ['pricesIncludeTax in the body wins', { pricesIncludeTax: true }, {}, { pricesIncludeTax: true }],
    ['a rate that is not a number goes on to the schema', { taxRate: 'ten' }, {}, { taxRatePercent: 'ten' }],
    ['paidAmount wins over the history', { paidAmount: 100 }, {}, { payment: { id: expect.any(String), method: 'Card', tendered: 100 } }],
    [
      'no paidAmount: the sum of the history, with its first method',
      {
        paidAmount: undefined,
        paymentHistory: [
          { method: 'cheque', amount: 1000.1 },
          { method: 'Cash', amount: '0.2' },
        ],
      },
      {},
      { payment: { id: expect.any(String), method: 'Cheque', tendered: 1000.3 } },
    ],
    [
      'an amount in the history that is not a number goes on to the schema',
      { paidAmount: null, paymentHistory: [{ amount: 5 }, { amount: true }] },
      {},
      { payment: { id: expect.any(String), method: 'Cash', tendered: true } },
    ],
    [
      'a negative amount in the history is not summed away',
      { paidAmount: '', paymentHistory: [{ amount: 100 }, { amount: -50 }] },
      {},
      { payment: { id: expect.any(String), method: 'Cash', tendered: -50 } },
    ],
    ['neither: nothing paid is said', { paidAmount: undefined, paymentHistory: [] }, {}, { payment: { id: expect.any(String), method: 'Cash', tendered: undefined } }],
    ['no history: Cash', { paymentHistory: undefined }, {}, { payment: { id: expect.any(String), method: 'Cash', tendered: 4480 } }],
    [
      'a method the register does not take goes on to the schema',
      { paymentHistory: [{ method: 'Mobile', amount: 1 }] },
      {},
      { payment: { id: expect.any(String), method: 'Mobile', tendered: 4480 } },
    ],
    ['the job as a record', { jobCardId: undefined, jobCard: { _id: 'job-2' } }, {}, { jobCardId: 'job-2' }],
    ['a blank job: none', { jobCardId: '' }, {}, { jobCardId: null }],
    ['an overall discount of 0 as text is no discount', { overallDiscountPercentage: '0' }, {}, { total: 4480 }],
  ];

  it.each(cases)('%s', (_label, fields, overrides, expected) => {
    const args = checkoutArgsFromBody({ ...specBody, ...fields }, context(overrides));
    expect(args).toMatchObject(expected);
  });

  it.each([
    ['a body that is not an object', null, 'The request body must be a JSON object.'],
    ['a list', [specBody], 'The request body must be a JSON object.'],
    ['items that are not a list', { ...specBody, items: { 0: {} } }, 'items must be a list.'],
    ['a history that is not a list', { ...specBody, paymentHistory: 'cash' }, 'paymentHistory must be a list.'],
    ['an overall discount', { ...specBody, overallDiscountPercentage: 5 }, overallDiscountMessage],
    ['an overall discount that is not a number', { ...specBody, overallDiscountPercentage: 'x' }, overallDiscountMessage],
  ])('refuses %s with a 400', (_label, body, message) => {
    expect(() => checkoutArgsFromBody(body, context())).toThrow(HttpError);
    expect(() => checkoutArgsFromBody(body, context())).toThrow(message);
  });
});

describe('an invoice line of the spec as a line of ours', () => {
  const line = (fields: Record<string, unknown>) => saleLineFromBody(fields, { isServiceId: (id) => id.startsWith('svc-'), newId: () => 'new' });

  it.each([
    ['isService true', { itemId: 'item-1', isService: true }, { kind: 'service', refId: 'item-1' }],
    ['isService false', { itemId: 'svc-1', isService: false }, { kind: 'item', refId: 'svc-1' }],
    ['no isService: a service by its id', { itemId: 'svc-1' }, { kind: 'service' }],
    ['no isService: an item otherwise', { itemId: 'item-1' }, { kind: 'item' }],
    ['no isService and no id: an item typed by hand', { itemName: 'Bolt' }, { kind: 'item', refId: null, name: 'Bolt' }],
    ['isService that is no flag goes on to the schema', { isService: 'maybe' }, { kind: 'maybe' }],
    ['the item as a record', { item: { _id: 'item-2' } }, { refId: 'item-2' }],
    ['its own id as _id', { _id: 'line-1' }, { id: 'line-1' }],
    ['no id: a new one', {}, { id: 'new' }],
    ["the terminal's names", { name: 'Filter', qty: '1.5', price: '99.99', discountPct: 5 }, { name: 'Filter', quantity: '1.5', unitPrice: '99.99', discountPercent: 5 }],
    ['a blank discount: none said', { discountPercentageAtSale: '' }, { discountPercent: undefined }],
    ['warrantyMonths as a number', { warrantyMonths: 12 }, { warrantyMonths: 12 }],
    ['warranty as text: months', { warranty: '1 year' }, { warrantyMonths: 12 }],
    ['warranty as a number in text', { warranty: '6' }, { warrantyMonths: '6' }],
    ['warranty naming no period: 0', { warranty: 'none' }, { warrantyMonths: 0 }],
    ['a blank warranty: none said', { warranty: '' }, { warrantyMonths: undefined }],
    ['warrantyMonths wins over warranty', { warrantyMonths: 3, warranty: '1 year' }, { warrantyMonths: 3 }],
  ])('%s', (_label, fields, expected) => {
    const mapped = line(fields) as Record<string, unknown>;
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) expect(Object.hasOwn(mapped, key), key).toBe(false);
      else expect(mapped[key], key).toEqual(value);
    }
  });

  it('a line that is not an object goes on as it came, for the schema to refuse', () => {
    expect(line(42 as unknown as Record<string, unknown>)).toBe(42);
  });
});
