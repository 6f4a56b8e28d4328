import { describe, expect, it } from 'vitest';
import { filtersLine, invoiceText, jobHistoryCells, jobNumberText, statusTone, vehicleParts, vehicleText } from './job-history-row';
import { jobHistoryPdfContent, tooManyRowsMessage } from './job-history-pdf';

describe('the Invoice column', () => {
  it.each([
    ['the number when there is one', { invoiceNo: 'INV-D7K2Q-00042', invoiceId: 'inv-1' }, 'INV-D7K2Q-00042'],
    ['the number even without the id', { invoiceNo: 'INV-SRV-00001', invoiceId: null }, 'INV-SRV-00001'],
    ["'Yes' for an invoice id without a number", { invoiceNo: null, invoiceId: 'inv-1' }, 'Yes'],
    ["'Yes' when the number is blank", { invoiceNo: '  ', invoiceId: 'inv-1' }, 'Yes'],
    ["'No' without either", { invoiceNo: null, invoiceId: null }, 'No'],
    ["'No' for blanks", { invoiceNo: '', invoiceId: '' }, 'No'],
  ])('%s', (_, job, expected) => {
    expect(invoiceText(job)).toBe(expected);
  });
});

describe('the Vehicle column: the plate, then (make model)', () => {
  it.each([
    ['CAB-1234', 'Toyota', 'Axio', 'CAB-1234 (Toyota Axio)'],
    ['CAB-1234', 'Toyota', '', 'CAB-1234 (Toyota)'],
    ['CAB-1234', '', 'Axio', 'CAB-1234 (Axio)'],
    ['CAB-1234', '', '', 'CAB-1234'],
    ['CAB-1234', '  ', ' ', 'CAB-1234'],
    [' WP-5678 ', ' Honda ', ' Fit ', 'WP-5678 (Honda Fit)'],
    ['', 'Toyota', 'Axio', '(Toyota Axio)'],
    ['', '', '', ''],
  ])('%j %j %j → %j', (vehicleLicensePlate, vehicleMake, vehicleModel, expected) => {
    expect(vehicleText({ vehicleLicensePlate, vehicleMake, vehicleModel })).toBe(expected);
  });

  it.each([
    ['CAB-1234', 'Toyota', 'Axio', { plate: 'CAB-1234', makeModel: '(Toyota Axio)' }],
    ['CAB-1234', '', '', { plate: 'CAB-1234', makeModel: '' }],
    ['', '', 'Axio', { plate: '', makeModel: '(Axio)' }],
  ])('apart for the table: %j %j %j', (vehicleLicensePlate, vehicleMake, vehicleModel, parts) => {
    expect(vehicleParts({ vehicleLicensePlate, vehicleMake, vehicleModel })).toEqual(parts);
  });

  it('takes missing fields (older records) as blank', () => {
    expect(vehicleText({ vehicleLicensePlate: 'CAB-1234', vehicleMake: undefined as never, vehicleModel: null as never })).toBe('CAB-1234');
  });
});

describe("the status badge's colour", () => {
  it.each([
    ['Open', 'open'],
    ['open', 'open'],
    [' OPEN ', 'open'],
    ['Finished', 'finished'],
    ['FINISHED', 'finished'],
    ['Suspended', 'suspended'],
    ['suspend', 'suspended'],
    ['Cancelled', 'other'],
    ['Opened', 'other'],
    ['', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ])('%j → %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe("the PDF's filters line", () => {
  it.each([
    ['', 'All jobs'],
    ['   ', 'All jobs'],
    ['perera', 'Search: perera'],
    ['  Nimal   Perera ', 'Search: Nimal Perera'],
    ['4567', 'Search: 4567'],
    ['CAB-1234', 'Search: CAB-1234'],
  ])('%j → %j', (search, line) => {
    expect(filtersLine(search)).toBe(line);
  });
});

describe("the PDF's filters line with a period (issue 47)", () => {
  it.each([
    { search: 'perera', from: '2026-11-01', to: '2026-11-30', line: 'Search: perera · Date In 01/11/2026 to 30/11/2026' },
    { search: '', from: '2026-11-01', to: '2026-11-30', line: 'Date In 01/11/2026 to 30/11/2026' },
    { search: '', from: '2026-11-01', to: '', line: 'Date In from 01/11/2026' },
    { search: '', from: '', to: '2026-11-30', line: 'Date In up to 30/11/2026' },
    { search: '', from: '', to: '', line: 'All jobs' },
  ])('$search $from $to → $line', ({ search, from, to, line }) => {
    expect(filtersLine(search, { from, to })).toBe(line);
  });
});

describe('a job as the report shows it', () => {
  const job = {
    dateIn: '2026-11-23T08:30:00.000Z',
    jobNumber: 'JOB-0042',
    customerName: 'Nimal Perera',
    customerPhone: '0771234567',
    vehicleLicensePlate: 'CAB-1234',
    vehicleMake: 'Toyota',
    vehicleModel: 'Axio',
    status: 'Finished' as const,
    invoiceId: 'inv-1',
    invoiceNo: 'INV-D7K2Q-00042',
  };
  const day = (iso: string) => {
    const date = new Date(iso);
    return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
  };

  it('has the seven columns in order', () => {
    expect(jobHistoryCells(job)).toEqual([day(job.dateIn), 'JOB-0042', 'Nimal Perera', '0771234567', 'CAB-1234 (Toyota Axio)', 'Finished', 'INV-D7K2Q-00042']);
  });

  it.each([
    [{ jobNumber: null }, 1, 'Pending'],
    [{ customerPhone: '' }, 3, ''],
    [{ invoiceNo: null }, 6, 'Yes'],
    [{ invoiceNo: null, invoiceId: null }, 6, 'No'],
    [{ status: 'Suspended' as const }, 5, 'Suspended'],
  ])('%j: column %i is %j', (change, column, text) => {
    expect(jobHistoryCells({ ...job, ...change })[column]).toBe(text);
  });

  it.each([
    [null, 'Pending'],
    ['', 'Pending'],
    ['JOB-0001', 'JOB-0001'],
  ])('job number %j → %j', (number, text) => {
    expect(jobNumberText(number)).toBe(text);
  });
});

describe("the PDF's content", () => {
  const at = new Date('2026-11-23T10:05:00');
  it.each([
    ['', 2, ['All jobs', 'Total: 2 jobs']],
    ['perera', 1, ['Search: perera', 'Total: 1 job']],
    ['x', 12345, ['Search: x', 'Total: 12,345 jobs']],
  ])('search %j with %i rows: notes %j, the spec title, columns and 9 pt', (search, count, notes) => {
    const rows = Array.from({ length: count }, () => ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(jobHistoryPdfContent(rows, search, at)).toEqual({
      title: 'Job History Report',
      notes,
      generatedAt: at,
      columns: ['Date', 'Job #', 'Customer', 'Phone', 'Vehicle', 'Status', 'Invoice'],
      rows,
      fontSize: 9,
    });
  });

  it('refuses with the count and the cap in words', () => {
    expect(tooManyRowsMessage(23456)).toBe('Too many jobs for one PDF: 23,456 match. Narrow the search to 10,000 jobs or fewer.');
  });
});
