import { describe, expect, it } from 'vitest';
import { noFactReview, noReview } from '@shared/domain/sale-review';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CompanyRow } from '@shared/schemas/company';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '@shared/schemas/sale';
import { documentsFromQuery, printableDocuments, warrantyLines, type SaleDocument, type SaleDocumentsData } from './sale-documents-data';
import { byPaymentTime, receiptFigures } from './receipt-figures';
import { dueDay, expiryDay, formatDay, invoiceDay, paymentDay } from '@/lib/document-format';
import { SaleDocuments } from './sale-documents';
import { bulkReceiptData, bulkReceiptReference, type PaymentWithBulk } from './bulk-receipt-data';
import { BulkReceiptDocument } from './bulk-receipt-document';
import { notYetReceived } from '@shared/domain/device-time';

// Dates at midday UTC, so the device's day is the same in any time zone from −11 to +11.
const invoice = (overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 'inv-1',
  invoiceNo: 'INV-D01-00007',
  date: '2026-01-31T12:00:00.000Z',
  customerId: 'c1',
  guest: false,
  customerName: 'Nimal Perera',
  customerPhone: '0771234567',
  customerAddress: '5 Lake Road, Kandy',
  jobCardId: 'job-1',
  vehicleLicensePlate: 'CAB-1234',
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  currentMileage: 84500,
  taxRatePercent: 8,
  pricesIncludeTax: true,
  grossCents: 1_300_000,
  discountCents: 50_000,
  subTotalCents: 1_250_000,
  taxCents: 92_593,
  totalCents: 1_250_000,
  paidCents: 0,
  dueCents: 1_250_000,
  status: 'Due',
  returnedCents: 0,
  ...noReview,
  soldById: 'u1',
  soldBy: 'Ann Admin',
  createdAt: '2026-01-31T12:00:00.000Z',
  ...notYetReceived,
  version: 1,
  deleted: false,
  updatedAt: '2026-01-31T12:00:00.000Z',
  ...overrides,
});

let lineSeq = 0;
const line = (overrides: Partial<InvoiceLineRow>): InvoiceLineRow => ({
  id: `l${++lineSeq}`,
  invoiceId: 'inv-1',
  position: lineSeq,
  kind: 'item',
  refId: null,
  name: 'Part',
  quantityHundredths: 100,
  unitPriceCents: 100_000,
  discountPercent: 0,
  totalCents: 100_000,
  taxCents: 0,
  warrantyMonths: 0,
  version: 1,
  deleted: false,
  updatedAt: '',
  ...overrides,
});

const payment = (amountCents: number, date = '2026-01-31T12:00:00.000Z', method = 'Cash'): PaymentRow => ({
  id: `p-${amountCents}-${date}`,
  bulkId: null,
  register: '',
  invoiceId: 'inv-1',
  customerId: 'c1',
  amountCents,
  tenderedCents: amountCents,
  method,
  date,
  note: '',
  userId: 'u1',
  userName: 'Ann Admin',
  createdAt: date,
  ...notYetReceived,
  ...noFactReview,
  version: 1,
  deleted: false,
  updatedAt: date,
});

const company = (overrides: Partial<CompanyRow> = {}): CompanyRow => ({
  id: 'company',
  name: 'Silva Auto Care',
  address: '12 Galle Road, Colombo 03',
  email: 'office@silvaauto.lk',
  phone: '0112345678',
  footer: 'Thank you for your business!',
  logoUrl: 'data:image/png;base64,iVBORw0KGgo=',
  taxRatePercent: 8,
  pricesIncludeTax: true,
  version: 1,
  deleted: false,
  updatedAt: '',
  ...overrides,
});

const battery = line({ name: 'Battery 12V', unitPriceCents: 1_000_000, totalCents: 950_000, discountPercent: 5, warrantyMonths: 12 });
const oilChange = line({ kind: 'service', name: 'Oil change', unitPriceCents: 250_000, totalCents: 250_000, warrantyMonths: 3 });
const wiper = line({ name: 'Wiper blade', quantityHundredths: 250, unitPriceCents: 20_000, totalCents: 50_000 });
const sale = (overrides: Partial<SaleDocumentsData> = {}): SaleDocumentsData => ({
  invoice: invoice(),
  lines: [battery, oilChange, wiper],
  payments: [payment(1_250_000)],
  company: company(),
  ...overrides,
});

const render = (data: SaleDocumentsData, documents: SaleDocument[]) => renderToStaticMarkup(createElement(SaleDocuments, { data, documents }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('receiptFigures', () => {
  it.each([
    ['paid in full', [1_250_000], { paidCents: 1_250_000, balanceCents: 0, isPaidInFull: true, showsHistory: false }],
    ['part paid', [500_000], { paidCents: 500_000, balanceCents: 750_000, creditCents: 0, isPaidInFull: false, showsHistory: false }],
    ['paid in two payments', [500_000, 750_000], { paidCents: 1_250_000, balanceCents: 0, isPaidInFull: true, showsHistory: true }],
    ['paid over the total (balance below 0 still stamps)', [1_300_000], { balanceCents: 0, creditCents: 50_000, isPaidInFull: true }],
    ['paid exactly: no credit', [1_250_000], { creditCents: 0 }],
    ['overpaid, then a correction brings it under', [1_300_000, -100_000], { creditCents: 0, balanceCents: 50_000 }],
    ['a negative correction reopens the balance', [1_250_000, -100_000], { paidCents: 1_150_000, balanceCents: 100_000, isPaidInFull: false, showsHistory: true }],
    ['nothing paid yet', [], { paidCents: 0, balanceCents: 1_250_000, isPaidInFull: false, showsHistory: false }],
  ])('%s', (_case, amounts, expected) => {
    const payments = amounts.map((amount, index) => payment(amount, `2026-02-0${index + 1}T12:00:00.000Z`));
    const figures = receiptFigures(1_250_000, payments);
    expect(figures).toMatchObject(expected);
    expect(figures.latest).toBe(payments.at(-1) ?? null);
  });

  it('an invoice of 0 with no payment is paid', () => {
    expect(receiptFigures(0, []).isPaidInFull).toBe(true);
  });
});

describe('which documents and lines', () => {
  it('a warranty lists parts with months above 0 only, never a service', () => {
    expect(warrantyLines([battery, oilChange, wiper]).map((l) => l.name)).toEqual(['Battery 12V']);
  });

  it('drops a warranty with nothing to certify and repeats, keeping the order asked', () => {
    expect(printableDocuments({ lines: [oilChange, wiper] }, ['invoice', 'warranty', 'receipt', 'invoice'])).toEqual(['invoice', 'receipt']);
    expect(printableDocuments({ lines: [battery] }, ['warranty', 'invoice'])).toEqual(['warranty', 'invoice']);
  });

  it.each([
    [null, ['invoice']],
    ['receipt', ['receipt']],
    ['invoice,receipt', ['invoice', 'receipt']],
    ['warranty,bogus,warranty', ['warranty']],
    ['bogus', ['invoice']],
  ])('?doc=%s shows %j', (doc, expected) => {
    expect(documentsFromQuery(doc)).toEqual(expected);
  });
});

describe('dates on paper', () => {
  it('the invoice date, due 14 days later, and expiries clamped to month end', () => {
    const date = '2026-01-31T12:00:00.000Z';
    expect(invoiceDay(date)).toBe('31/01/2026');
    expect(dueDay(date)).toBe('14/02/2026');
    expect(expiryDay(date, 1)).toBe('28/02/2026');
    expect(expiryDay('2028-01-31T12:00:00.000Z', 1)).toBe('29/02/2028');
    expect(expiryDay(date, 12)).toBe('31/01/2027');
    expect(formatDay('not a day')).toBe('');
  });
});

describe('the documents', () => {
  it('the invoice: title, company, Bill To, dates, vehicle, lines, totals, terms, footer', () => {
    const html = render(sale({ payments: [payment(1_000_000)] }), ['invoice']);
    const shown = text(html);
    expect(shown).toContain('Auto repair Invoice');
    expect(html).toContain('alt="Silva Auto Care logo"');
    expect(shown).toMatch(/Bill To Nimal Perera 0771234567 5 Lake Road, Kandy/);
    expect(shown).toMatch(/Invoice No INV-D01-00007 Invoice Date 31\/01\/2026 Due Date 14\/02\/2026/);
    expect(shown).toMatch(/Vehicle Reg CAB-1234 Make and model Toyota Axio Mileage 84,500 km/);
    expect(shown).toMatch(/Description Qty Unit Price Disc\. % Total/);
    expect(shown).toMatch(/Battery 12V 1 Rs\. 10,000\.00 5% Rs\. 9,500\.00/);
    expect(shown).toMatch(/Wiper blade 2\.5 Rs\. 200\.00 0% Rs\. 500\.00/);
    expect(shown).toMatch(/Subtotal Rs\. 12,500\.00 Sales Tax \(8% incl\.\) Rs\. 925\.93 Total Rs\. 12,500\.00 Paid Rs\. 10,000\.00 Due Rs\. 2,500\.00/);
    expect(shown).toContain('Terms and Conditions Payment is due in 14 days. Please make all payments payable to Silva Auto Care.');
    expect(shown).toContain('Thank you for your business!');
  });

  it('an opening balance (issue 43) prints its series number, the old number, its own due date, and what was paid before', () => {
    const opening = invoice({
      invoiceNo: 'OB-A/2024/91',
      date: '2025-03-01',
      dueDate: '2025-03-31',
      openingBalance: true,
      jobCardId: null,
      taxRatePercent: 0,
      totalCents: 450_000,
    });
    const shown = text(
      render(
        sale({
          invoice: opening,
          lines: [line({ kind: 'service', name: 'Opening balance', unitPriceCents: 450_000, totalCents: 450_000 })],
          payments: [payment(100_000, '2025-03-01', 'Opening balance')],
        }),
        ['invoice'],
      ),
    );
    expect(shown).toMatch(/Invoice No OB-A\/2024\/91 Opening balance of A\/2024\/91 Invoice Date 01\/03\/2025 Due Date 31\/03\/2025/);
    expect(shown).toContain('Brought forward from the old books: payment was due on 31/03/2025.');
  });

  it("a job's invoice prints the job number; a sale without a job, or a job still waiting for its number, prints none", () => {
    expect(text(render(sale({ jobNumber: 'JOB-0042' }), ['invoice']))).toMatch(/Invoice No INV-D01-00007 Job No JOB-0042 Invoice Date 31\/01\/2026/);
    expect(text(render(sale({ jobNumber: null }), ['invoice']))).not.toContain('Job No');
    expect(text(render(sale({ jobNumber: 'JOB-0042', invoice: invoice({ jobCardId: null }) }), ['invoice']))).not.toContain('Job No');
  });

  it('a guest sale has no vehicle block, and tax added on top says so without incl.', () => {
    const shown = text(render(sale({ invoice: invoice({ jobCardId: null, vehicleLicensePlate: '', pricesIncludeTax: false, taxRatePercent: 12.5 }) }), ['invoice']));
    expect(shown).not.toContain('Vehicle Reg');
    expect(shown).toContain('Sales Tax (12.5%)');
  });

  it('the receipt: stamp when paid, none with a balance; history only with two payments or more', () => {
    const paid = render(sale(), ['receipt']);
    expect(paid).toContain('class="paid-stamp"');
    expect(paid).toContain('receipt-square');
    expect(text(paid)).toMatch(
      /Payment Receipt Invoice No INV-D01-00007 Date 31\/01\/2026 Customer Nimal Perera Method Cash Total Rs\. 12,500\.00 Paid Rs\. 12,500\.00 Balance Rs\. 0\.00/,
    );
    expect(text(paid)).toContain('Thank you for your payment.');
    expect(paid).not.toContain('Payment History');

    const owing = render(sale({ payments: [payment(500_000)] }), ['receipt']);
    expect(owing).not.toContain('paid-stamp');
    expect(text(owing)).toContain('Balance Rs. 7,500.00');

    const twice = render(sale({ payments: [payment(500_000), payment(750_000, '2026-02-10T12:00:00.000Z', 'Card')] }), ['receipt']);
    expect(text(twice)).toMatch(/Payment History Date Method Amount 31\/01\/2026 Cash Rs\. 5,000\.00 10\/02\/2026 Card Rs\. 7,500\.00/);
    expect(text(twice)).toContain('Date 10/02/2026');
    expect(twice).toContain('paid-stamp');
  });

  it('the receipt prints Tendered and Change when change was given back, and neither when not', () => {
    // A guest paid Rs. 10,500 for Rs. 10,117.50: the payment is the total, the rest went back.
    const withChange = render(sale({ invoice: invoice({ totalCents: 1_011_750 }), payments: [{ ...payment(1_011_750), tenderedCents: 1_050_000 }] }), ['receipt']);
    expect(text(withChange)).toMatch(/Paid Rs\. 10,117\.50 Balance Rs\. 0\.00 Tendered Rs\. 10,500\.00 Change Rs\. 382\.50/);
    const exact = render(sale(), ['receipt']);
    expect(text(exact)).not.toContain('Tendered');
    expect(text(exact)).not.toContain('Change');
    // A correction hands nothing back, whatever its tendered field holds.
    expect(receiptFigures(1_250_000, [payment(1_250_000), { ...payment(-100_000, '2026-02-02T12:00:00.000Z'), tenderedCents: 0 }]).change).toBeNull();
  });

  it('an overpayment left as credit prints Kept as Credit on the receipt and the invoice, and no change', () => {
    // Rs. 18,000 paid on Rs. 16,950, the extra left with the shop (issue 23).
    const overpaid = sale({ invoice: invoice({ totalCents: 1_695_000 }), payments: [{ ...payment(1_800_000), tenderedCents: 1_800_000 }] });
    expect(text(render(overpaid, ['receipt']))).toMatch(/Paid Rs\. 18,000\.00 Balance Rs\. 0\.00 Kept as Credit Rs\. 1,050\.00/);
    expect(text(render(overpaid, ['receipt']))).not.toContain('Change');
    expect(text(render(overpaid, ['invoice']))).toMatch(/Paid Rs\. 18,000\.00 Due Rs\. 0\.00 Kept as Credit Rs\. 1,050\.00/);
    expect(text(render(sale(), ['invoice', 'receipt']))).not.toContain('Kept as Credit');
  });

  it('the receipt follows the company receipt printer; a record without the setting gets the square one', () => {
    expect(render(sale({ company: company({ receiptLayout: 'thermal80' }) }), ['receipt'])).toContain('receipt-thermal80');
    expect(render(sale({ company: null }), ['receipt'])).toContain('receipt-square');
  });

  it("a VAT-registered shop's invoice is a Tax Invoice with its VAT number (issue 47); any other keeps the spec's title", () => {
    const vat = text(render(sale({ company: company({ vatNumber: '114567890-7000' }) }), ['invoice']));
    expect(vat).toMatch(/Tax Invoice VAT No 114567890-7000 Invoice No INV-D01-00007/);
    expect(vat).not.toContain('Auto repair Invoice');
    for (const plain of [company({ vatNumber: '' }), company(), null]) expect(text(render(sale({ company: plain }), ['invoice']))).not.toMatch(/Tax Invoice|VAT No/);
  });

  it.each([
    { layout: 'thermal80' as const, itemisedReceipt: true, lists: true },
    { layout: 'thermal80' as const, itemisedReceipt: false, lists: false },
    { layout: 'square' as const, itemisedReceipt: true, lists: false },
  ])('the $layout receipt, itemised: $itemisedReceipt, lists the lines: $lists', ({ layout, itemisedReceipt, lists }) => {
    const shown = text(render(sale({ company: company({ receiptLayout: layout, itemisedReceipt }) }), ['receipt']));
    const items =
      /Items Battery 12V × 1 Rs\. 9,500\.00 Oil change × 1 Rs\. 2,500\.00 Wiper blade × 2\.5 Rs\. 500\.00 Subtotal Rs\. 12,500\.00 Sales Tax \(8% incl\.\) Rs\. 925\.93 Total Rs\. 12,500\.00/;
    if (lists) expect(shown).toMatch(items);
    else expect(shown).not.toContain('Battery 12V');
  });

  it('the warranty certificate: qualifying lines with their expiry, and the terms', () => {
    const shown = text(render(sale(), ['warranty']));
    expect(shown).toContain('Warranty Certificate');
    expect(shown).toMatch(/Item Qty Warranty Valid Until Battery 12V 1 12 months 31\/01\/2027/);
    expect(shown).not.toContain('Oil change');
    expect(shown).not.toContain('Wiper blade');
    expect(shown).toContain('manufacturing defects only');
    expect(shown).toContain('Physical damage, misuse and normal wear are excluded.');
    expect(shown).toMatch(/Keep this certificate and the invoice/);
  });

  it('documents render in the order asked, each as its own article', () => {
    const html = render(sale(), ['invoice', 'receipt', 'warranty']);
    expect([...html.matchAll(/<article class="print-doc ([a-z-]+)/g)].map((m) => m[1])).toEqual(['print-invoice', 'print-receipt', 'print-warranty']);
  });
});

describe('payments recorded on a day (recordPayment) beside a sale moment', () => {
  const recorded = (amountCents: number, date: string, createdAt: string, note = ''): PaymentRow => ({
    ...payment(amountCents, date),
    id: `r-${amountCents}`,
    date,
    createdAt,
    note,
  });

  it("a recorded 'YYYY-MM-DD' prints as that day in any time zone; a sale's moment as the shop's day", () => {
    expect(paymentDay('2026-02-10')).toBe('10/02/2026');
    expect(paymentDay('2026-01-31T12:00:00.000Z')).toBe('31/01/2026');
  });

  it('history is oldest day first, then as recorded; the receipt is for the payment recorded last', () => {
    const sale = payment(500_000, '2026-02-10T12:00:00.000Z');
    const sameDay = recorded(300_000, '2026-02-10', '2026-02-10T15:00:00.000Z');
    const backDated = recorded(200_000, '2026-02-01', '2026-02-11T09:00:00.000Z');
    const ordered = [sameDay, backDated, sale].sort(byPaymentTime);
    expect(ordered).toEqual([backDated, sale, sameDay]);
    expect(receiptFigures(1_250_000, ordered).latest).toBe(backDated);
  });

  it('the receipt of a second payment: history with both, the date of the one recorded, notes when any, PAID when nothing is owed', () => {
    const payments = [payment(500_000), recorded(750_000, '2026-02-10', '2026-02-10T09:00:00.000Z', 'Balance settled')];
    const html = render(sale({ payments }), ['receipt']);
    const shown = text(html);
    expect(shown).toContain('Date 10/02/2026');
    expect(shown).toMatch(/Payment History Date Method Amount Note 31\/01\/2026 Cash Rs\. 5,000\.00 10\/02\/2026 Cash Rs\. 7,500\.00 Balance settled/);
    expect(shown).toMatch(/Balance Rs\. 0\.00/);
    expect(html).toContain('class="paid-stamp"');
    expect(shown).toContain('Thank you for your payment.');
    // Without notes there is no Note column.
    expect(text(render(sale({ payments: [payment(500_000), recorded(100_000, '2026-02-10', '2026-02-10T09:00:00.000Z')] }), ['receipt']))).toMatch(
      /Payment History Date Method Amount 31/,
    );
  });
});

describe('the bulk receipt', () => {
  const bill = (id: string, invoiceNo: string, date: string) =>
    invoice({ id, invoiceNo, date, customerName: 'Kamal Silva', customerPhone: '0779990000', customerAddress: '7 Hill St, Galle' });
  const invoices = new Map([
    ['i1', bill('i1', 'INV-D01-00001', '2026-01-05T10:00:00.000Z')],
    ['i2', bill('i2', 'INV-D01-00002', '2026-01-20T10:00:00.000Z')],
    ['i3', bill('i3', 'INV-D01-00003', '2026-02-02T10:00:00.000Z')],
  ]);
  const allocation = (id: string, invoiceId: string, amountCents: number, overrides: Partial<PaymentWithBulk> = {}): PaymentWithBulk => ({
    ...payment(amountCents, '2026-03-01'),
    id,
    invoiceId,
    method: 'Bank', // a bulk payment recorded before the one list of names (issue 47): printed as Bank Transfer
    note: 'March settlement',
    bulkId: 'b1',
    ...overrides,
  });
  const rows = [allocation('p3', 'i3', 50_000), allocation('p1', 'i1', 250_000), allocation('p2', 'i2', 300_000)];
  const customer = { customerName: 'Kamal Silva', phone: '0771112222', address: '9 Temple Rd, Matara' };

  it('the applied amount is the sum of its allocations, oldest invoice first; its own rows only', () => {
    const data = bulkReceiptData(
      'b1',
      [...rows, allocation('x', 'i1', 99_900, { bulkId: 'other' }), allocation('gone', 'i2', 1, { deleted: true })],
      invoices,
      customer,
      company(),
    );
    expect(data).toMatchObject({
      appliedCents: 600_000,
      paymentDate: '2026-03-01',
      method: 'Bank',
      note: 'March settlement',
      customerPhone: '0771112222',
      customerAddress: '9 Temple Rd, Matara',
    });
    expect(data!.allocations.map((a) => [a.invoiceNo, a.amountCents])).toEqual([
      ['INV-D01-00001', 250_000],
      ['INV-D01-00002', 300_000],
      ['INV-D01-00003', 50_000],
    ]);
    expect(bulkReceiptReference(data!.allocations.length)).toBe('Allocations: 3');
  });

  it('none of its rows on this device: null; no customer row: the invoice copy of name, phone and address', () => {
    expect(bulkReceiptData('b2', rows, invoices, customer, null)).toBeNull();
    expect(bulkReceiptData('b1', rows, invoices, null, null)).toMatchObject({ customerName: 'Kamal Silva', customerPhone: '0779990000', customerAddress: '7 Hill St, Galle' });
  });

  it('prints customer, date, method, note, reference, generated at, the applied amount and the allocations, on the receipt page', () => {
    const data = bulkReceiptData('b1', rows, invoices, customer, company())!;
    const html = renderToStaticMarkup(createElement(BulkReceiptDocument, { data, generatedAt: new Date(2026, 2, 1, 15, 45) }));
    const shown = text(html);
    expect(html).toContain('receipt-square');
    expect(shown).toMatch(
      /Silva Auto Care .* Bulk Payment Receipt Customer Kamal Silva Phone 0771112222 Address 9 Temple Rd, Matara Payment Date 01\/03\/2026 Method Bank Transfer Reference Allocations: 3 Note March settlement Amount Applied Rs\. 6,000\.00/,
    );
    expect(shown).toMatch(/Applied To Invoice No Amount INV-D01-00001 Rs\. 2,500\.00 INV-D01-00002 Rs\. 3,000\.00 INV-D01-00003 Rs\. 500\.00/);
    expect(shown).toContain('Thank you for your payment.');
    expect(shown).toContain('Generated 01/03/2026 3:45 PM');
    expect(html).not.toContain('paid-stamp');
    const thermal = renderToStaticMarkup(
      createElement(BulkReceiptDocument, { data: { ...data, note: '', company: company({ receiptLayout: 'thermal80' }) }, generatedAt: new Date() }),
    );
    expect(thermal).toContain('receipt-thermal80');
    expect(text(thermal)).not.toContain('Note');
  });
});
