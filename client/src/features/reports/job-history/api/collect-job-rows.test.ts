import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsPDF } from 'jspdf';
import { buildReportPdf } from '@shared/reports/report-pdf';
import type { JobCardRow } from '@shared/schemas/job-card';
import { collectJobRows, TooManyRowsError } from './collect-job-rows';
import { jobHistoryPdfContent } from './job-history-pdf';
import { jobCards } from './job-tables';
import { queryJobHistory } from './query-job-history';

// The PDF's rows from a real Dexie database (fake-indexeddb), through the same search as the table.

const count = 2600;
const job = (i: number): JobCardRow => ({
  id: `job-${String(i).padStart(5, '0')}`,
  jobNumber: i % 100 === 0 ? null : `JOB-${String(i).padStart(4, '0')}`,
  customerId: `c-${i % 3}`,
  customerName: i % 3 === 0 ? 'Nimal Perera' : i % 3 === 1 ? 'Sunil Silva' : 'Kamal Fernando',
  customerPhone: `07712${String(i).padStart(5, '0')}`,
  vehicleLicensePlate: `CAB-${String(i).padStart(4, '0')}`,
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  currentMileage: 1000 + i,
  previousMileage: null,
  // One job a day from 2020 on, so newest first is the reverse of i.
  dateIn: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
  jobType: '',
  promisedDate: '',
  promisedTime: '',
  actionTaken: '',
  notes: '',
  status: i % 2 ? 'Open' : 'Finished',
  mechanicId: null,
  mechanicName: '',
  invoiceId: null,
  invoiceNo: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  version: i + 1,
  deleted: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  await jobCards.bulkPut(Array.from({ length: count }, (_, i) => job(i)));
});

describe('collecting the PDF rows', () => {
  it.each([
    ['', count],
    ['perera', Math.ceil(count / 3)],
    ['silva', Math.floor((count + 1) / 3)],
    ['cab-2599', 1],
    ['2599', 1], // the plate's and the phone's last digits, one job
    ['0042', 11], // words start with it: job 42 (CAB-0042) and the phones ending 00420 to 00429
    ['nobody', 0],
  ])('%j: every match, newest first, once each', async (search, expected) => {
    const progress: [number, number][] = [];
    const rows = await collectJobRows(search, { max: 10_000, onProgress: (done, total) => progress.push([done, total]) });
    expect(rows).toHaveLength(expected);
    const plates = rows.map((row) => row[4]!.split(' ')[0]!);
    expect(new Set(plates).size).toBe(rows.length);
    expect([...plates].sort().reverse()).toEqual(plates);
    expect(progress.at(-1)).toEqual([expected, expected]);
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((a, b) => a - b));
  });

  // Issue 47: Job History filters by the date in, beside the search (the device's days, both ends kept).
  it.each([
    { search: '', from: '2020-01-01', to: '2020-01-10', expected: 10, newest: 'CAB-0009' },
    { search: 'perera', from: '2020-01-01', to: '2020-01-10', expected: 4, newest: 'CAB-0009' },
    { search: '', from: '2027-02-03', to: '', expected: 10, newest: 'CAB-2599' },
    { search: '', from: '', to: '2020-01-05', expected: 5, newest: 'CAB-0004' },
    { search: 'silva', from: '2020-01-05', to: '2020-01-05', expected: 1, newest: 'CAB-0004' },
    { search: 'perera', from: '2020-01-05', to: '2020-01-05', expected: 0, newest: undefined },
  ])('$search from $from to $to: $expected jobs, newest first', async ({ search, from, to, expected, newest }) => {
    const rows = await collectJobRows(search, { max: 10_000, period: { from, to } });
    expect(rows).toHaveLength(expected);
    expect(rows[0]?.[4]?.split(' ')[0]).toBe(newest);
    const plates = rows.map((row) => row[4]!.split(' ')[0]!);
    expect([...plates].sort().reverse()).toEqual(plates);
  });

  it('a page of a period: 50 at most, the total of the whole period', async () => {
    const page = await queryJobHistory('', { from: '2020-01-01', to: '2020-12-31' }, 2, 50);
    expect(page.total).toBe(366);
    expect(page.rows).toHaveLength(50);
    expect(page.rows[0]!.vehicleLicensePlate).toBe('CAB-0315');
  });

  it('gives the cells of the table: a pending number, the vehicle, the invoice', async () => {
    const [newest] = await collectJobRows('cab-2500', { max: 10 });
    expect(newest!.slice(1)).toEqual(['Pending', 'Sunil Silva', '0771202500', 'CAB-2500 (Toyota Axio)', 'Finished', 'No']);
  });

  it.each([
    ['', 2599],
    ['perera', 100],
  ])('refuses %j above the cap (%i) with the count, reading no further', async (search, max) => {
    const refused = await collectJobRows(search, { max }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRowsError);
    expect((refused as TooManyRowsError).total).toBe(search ? Math.ceil(count / 3) : count);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(collectJobRows('', { max: 10_000, signal: controller.signal })).rejects.toThrow();
  });

  it('builds them into a PDF, reporting rows drawn as pages are drawn', async () => {
    const rows = await collectJobRows('perera', { max: 10_000 });
    const progress: number[] = [];
    const doc = buildReportPdf({ JsPdf: jsPDF }, jobHistoryPdfContent(rows, 'perera', new Date()), (done, total) => {
      expect(total).toBe(rows.length);
      progress.push(done);
    });
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(10);
    expect(progress.length).toBeGreaterThanOrEqual(pages);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(rows.length);
    expect(new TextDecoder().decode(doc.output('arraybuffer').slice(0, 5))).toBe('%PDF-');
  });
});
