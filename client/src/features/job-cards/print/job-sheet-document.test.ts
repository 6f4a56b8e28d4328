import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CompanyRow } from '@shared/schemas/company';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import { invoiceTotals } from '@shared/domain/sales';
import { JobSheetDocument } from './job-sheet-document';
import type { JobSheetData } from './job-sheet-data';

const job = (overrides: Partial<JobCardRow> = {}): JobCardRow => ({
  id: 'job-1',
  jobNumber: 'JOB-0042',
  customerId: 'c1',
  customerName: 'Nimal Perera',
  customerPhone: '0771234567',
  vehicleLicensePlate: 'CAB-1234',
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  currentMileage: 85230,
  previousMileage: 80100,
  // Midday UTC: the same day in any time zone from −11 to +11.
  dateIn: '2026-11-25T12:00:00.000Z',
  jobType: 'Pulling to the left; misfire on cold start',
  promisedDate: '2026-11-27',
  promisedTime: '17:30',
  actionTaken: '',
  notes: 'Customer waits for the car',
  status: 'Open',
  mechanicId: null,
  mechanicName: '',
  invoiceId: null,
  invoiceNo: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  finishedAt: null,
  version: 1,
  deleted: false,
  updatedAt: '2026-11-25T12:00:00.000Z',
  ...overrides,
});

const line = (id: string, kind: 'item' | 'service', name: string, quantityHundredths: number, unitPriceCents: number): JobLineRow => ({
  id,
  jobCardId: 'job-1',
  kind,
  refId: null,
  name,
  quantityHundredths,
  unitPriceCents,
  totalCents: (quantityHundredths * unitPriceCents) / 100,
  warranty: '',
  warrantyMonths: 0,
  quickAdded: false,
  createdAt: '2026-11-25T12:00:00.000Z',
  version: 1,
  deleted: false,
  updatedAt: '',
});

const company: CompanyRow = {
  id: 'company',
  name: 'Silva Auto Care',
  address: '12 Galle Road, Colombo 03',
  email: 'office@silvaauto.lk',
  phone: '0112345678',
  footer: 'Thank you for your business!',
  logoUrl: '',
  taxRatePercent: 0,
  pricesIncludeTax: true,
  receiptLayout: 'square',
  version: 1,
  deleted: false,
  updatedAt: '',
} as CompanyRow;

const sheet = (overrides: Partial<JobSheetData> = {}): JobSheetData => ({
  job: job(),
  lines: [line('s1', 'service', 'Wheel alignment', 100, 300_000), line('p1', 'item', 'Spark plug NGK', 400, 78_000)],
  customerAddress: '5 Lake Road, Kandy',
  company,
  ...overrides,
});

const text = (data: JobSheetData) =>
  renderToStaticMarkup(createElement(JobSheetDocument, { data }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|’/g, "'")
    .replace(/\s+/g, ' ');

describe('the job sheet', () => {
  it('the shop, the job, the customer and vehicle, mileage in, the problem, promised, the lines, terms and signatures', () => {
    const shown = text(sheet());
    expect(shown).toMatch(/Silva Auto Care 12 Galle Road, Colombo 03 0112345678 · office@silvaauto\.lk Job Sheet/);
    expect(shown).toMatch(/Job No JOB-0042 Date In 25\/11\/2026 \d{1,2}:\d{2} [AP]M Promised 27\/11\/2026 17:30/);
    expect(shown).toMatch(/Customer Nimal Perera 0771234567 5 Lake Road, Kandy/);
    expect(shown).toMatch(/Vehicle Reg CAB-1234 Make and model Toyota Axio Mileage In 85,230 km Previous Visit 80,100 km/);
    expect(shown).toMatch(/Problem Description Pulling to the left; misfire on cold start Notes Customer waits for the car/);
    expect(shown).toMatch(/Wheel alignment Service 1 Rs\. 3,000\.00 Rs\. 3,000\.00 Spark plug NGK Part 4 Rs\. 780\.00 Rs\. 3,120\.00 Estimate Rs\. 6,120\.00/);
    expect(shown).toContain('Terms');
    expect(shown).toMatch(/Customer's signature Received for Silva Auto Care/);
    expect(shown).toContain('Thank you for your business!');
  });

  it('a new job: no lines yet, no promise, no earlier visit, a number still pending', () => {
    const shown = text(sheet({ job: job({ jobNumber: null, promisedDate: '', promisedTime: '', previousMileage: null, notes: '' }), lines: [] }));
    expect(shown).toMatch(/Job No Pending Date In 25\/11\/2026 .* Promised —/);
    expect(shown).toContain('Previous Visit —');
    expect(shown).toMatch(/None yet\. Estimate Rs\. 0\.00/);
    expect(shown).not.toContain('Notes');
  });

  it('before the company details are saved: no letterhead, and the receiver signs by name', () => {
    const shown = text(sheet({ company: null }));
    expect(shown).toMatch(/^ ?Job Sheet Job No JOB-0042/);
    expect(shown).toMatch(/Customer's signature Received by $/);
  });

  // Issue 47, major 5: the signed sheet said Rs. 19,150.00 and the invoice for the same lines Rs. 22,597.00
  // (18 % added). The sheet's estimate is the invoice's total, by the one totals rule.
  const shopLines = [
    line('s1', 'service', 'Full Service (Car)', 100, 450_000),
    line('p1', 'item', 'Castrol GTX 20W-50 4L', 100, 780_000),
    line('p2', 'item', 'Oil Filter Toyota 90915-YZZE1', 100, 185_000),
    line('p3', 'item', 'Engine oil 1L', 200, 250_000),
  ];
  it.each([
    { taxRatePercent: 18, pricesIncludeTax: false, shows: /Subtotal Rs\. 19,150\.00 Sales Tax \(18%\) Rs\. 3,447\.00 Estimate Rs\. 22,597\.00/ },
    { taxRatePercent: 18, pricesIncludeTax: true, shows: /Subtotal Rs\. 19,150\.00 Sales Tax \(18% incl\.\) Rs\. 2,921\.18 Estimate Rs\. 19,150\.00/ },
    { taxRatePercent: 0, pricesIncludeTax: true, shows: /Rs\. 5,000\.00 Estimate Rs\. 19,150\.00/ },
  ])('the estimate at $taxRatePercent % (prices include tax: $pricesIncludeTax) is the invoice total of the same lines', ({ taxRatePercent, pricesIncludeTax, shows }) => {
    const shown = text(sheet({ lines: shopLines, company: { ...company, taxRatePercent, pricesIncludeTax } }));
    expect(shown).toMatch(shows);
    const invoice = invoiceTotals(
      shopLines.map((l) => ({ ...l, discountPercent: 0 })),
      { taxRatePercent, pricesIncludeTax },
    );
    expect(shown).toContain(`Estimate Rs. ${(invoice.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });
});
