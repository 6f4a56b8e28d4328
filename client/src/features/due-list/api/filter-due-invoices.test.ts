import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterDueInvoices } from './filter-due-invoices';

// The shop's time zone (Colombo, UTC+5:30): a day there runs from 18:30Z the day before.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Colombo';
});
afterAll(() => {
  process.env.TZ = zone;
});

const inv = (invoiceNo: string, customerId: string | null, date: string) => ({ invoiceNo, customerId, date });
const due = [
  inv('INV-D01-00001', 'sunil', '2026-09-02T10:00:00.000Z'),
  inv('INV-D02-00001', 'sunil', '2026-11-01T18:40:00.000Z'), // 00:10 on 2 November in Colombo
  inv('INV-D02-00002', 'nimal', '2026-11-02T08:00:00.000Z'),
  inv('INV-D01-00003', 'sunil', '2026-11-20T10:00:00.000Z'),
  inv('INV-D03-00001', null, '2026-11-02T18:29:00.000Z'), // 23:59 on 2 November in Colombo
];
const numbers = (filters: Partial<{ invoiceNo: string; customerId: string | null; date: string }>) =>
  filterDueInvoices(due, { invoiceNo: '', customerId: null, date: '', ...filters }).map((invoice) => invoice.invoiceNo);

describe('filterDueInvoices: invoice number, customer and day, combined', () => {
  it.each([
    [{}, ['INV-D01-00001', 'INV-D02-00001', 'INV-D02-00002', 'INV-D01-00003', 'INV-D03-00001']],
    [{ invoiceNo: ' d02 ' }, ['INV-D02-00001', 'INV-D02-00002']],
    [{ invoiceNo: 'nothing' }, []],
    [{ customerId: 'sunil' }, ['INV-D01-00001', 'INV-D02-00001', 'INV-D01-00003']],
    // The shop's day: 18:40Z on the 1st is the 2nd here, 18:29Z on the 2nd is still the 2nd.
    [{ date: '2026-11-02' }, ['INV-D02-00001', 'INV-D02-00002', 'INV-D03-00001']],
    [{ date: '2026-11-01' }, []],
    [{ invoiceNo: 'D02', customerId: 'sunil' }, ['INV-D02-00001']],
    [{ invoiceNo: 'D02', date: '2026-11-02', customerId: 'nimal' }, ['INV-D02-00002']],
    [{ customerId: 'sunil', date: '2026-11-20' }, ['INV-D01-00003']],
    [{ invoiceNo: 'D01', date: '2026-11-02' }, []],
  ])('%j', (filters, expected) => expect(numbers(filters)).toEqual(expected));
});
