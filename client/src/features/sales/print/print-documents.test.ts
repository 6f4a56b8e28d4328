import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CompanyRow } from '../../../../../shared/schemas/company';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '../../../../../shared/schemas/sale';
import { documentsFromQuery, printableDocuments, warrantyLines, type SaleDocument, type SaleDocumentsData } from './sale-documents-data';
import { receiptFigures } from './receipt-figures';
import { dueDay, expiryDay, formatDay, invoiceDay } from './document-format';
import { SaleDocuments } from './sale-documents';

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
  soldById: 'u1',
  soldBy: 'Ann Admin',
  createdAt: '2026-01-31T12:00:00.000Z',
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
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('receiptFigures', () => {
  it.each([
    ['paid in full', [1_250_000], { paidCents: 1_250_000, balanceCents: 0, isPaidInFull: true, showsHistory: false }],
    ['part paid', [500_000], { paidCents: 500_000, balanceCents: 750_000, isPaidInFull: false, showsHistory: false }],
    ['paid in two payments', [500_000, 750_000], { paidCents: 1_250_000, balanceCents: 0, isPaidInFull: true, showsHistory: true }],
    ['paid over the total (balance below 0 still stamps)', [1_300_000], { balanceCents: 0, isPaidInFull: true }],
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

  it('a guest sale has no vehicle block, and tax added on top says so without incl.', () => {
    const shown = text(render(sale({ invoice: invoice({ jobCardId: null, vehicleLicensePlate: '', pricesIncludeTax: false, taxRatePercent: 12.5 }) }), ['invoice']));
    expect(shown).not.toContain('Vehicle Reg');
    expect(shown).toContain('Sales Tax (12.5%)');
  });

  it('the receipt: stamp when paid, none with a balance; history only with two payments or more', () => {
    const paid = render(sale(), ['receipt']);
    expect(paid).toContain('class="paid-stamp"');
    expect(paid).toContain('receipt-square');
    expect(text(paid)).toMatch(/Payment Receipt Invoice No INV-D01-00007 Date 31\/01\/2026 Customer Nimal Perera Method Cash Total Rs\. 12,500\.00 Paid Rs\. 12,500\.00 Balance Rs\. 0\.00/);
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

  it('the receipt follows the company receipt printer; a record without the setting gets the square one', () => {
    expect(render(sale({ company: company({ receiptLayout: 'thermal80' }) }), ['receipt'])).toContain('receipt-thermal80');
    expect(render(sale({ company: null }), ['receipt'])).toContain('receipt-square');
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
