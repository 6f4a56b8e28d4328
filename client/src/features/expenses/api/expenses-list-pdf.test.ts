import { describe, expect, it } from 'vitest';
import type { ExpenseRow } from '@shared/schemas/expense';
import { expensesListPdfContent } from './expenses-list-pdf';

const at = new Date(2026, 10, 27, 9, 30);
const expense = (over: Partial<ExpenseRow>): ExpenseRow => ({
  id: 'e1',
  version: 1,
  deleted: false,
  updatedAt: '2026-11-27T04:00:00.000Z',
  receivedAt: '2026-11-27T04:00:01.000Z',
  clockAheadMs: 0,
  date: '2026-11-27',
  category: 'Fuel',
  amountCents: 150_000,
  paidFrom: 'Cash drawer',
  note: 'Diesel for the tow truck',
  correctionOf: null,
  register: 'R1',
  reviewState: '',
  reviewReason: '',
  reviewedById: null,
  reviewedBy: '',
  reviewedAt: null,
  userId: 'u1',
  userName: 'Kamal',
  createdAt: '2026-11-27T04:00:00.000Z',
  ...over,
});

describe('the Expenses list on paper', () => {
  const fuel = expense({});
  const correction = expense({ id: 'e2', amountCents: -50_000, note: 'Typed 1,500 for 1,000', correctionOf: 'e1' });
  const rent = expense({ id: 'e3', date: '2026-11-01', category: 'Rent', amountCents: 4_500_000, paidFrom: 'Bank', note: '', userName: 'Nimali' });

  it.each([
    {
      name: 'a period, every category: the total nets the correction',
      rows: [fuel, correction, rent],
      filters: { from: '2026-11-01', to: '2026-11-27', category: '' },
      notes: ['From 01/11/2026 to 27/11/2026, all categories', 'Total: 3 expenses, Rs. 46,000.00'],
    },
    {
      name: 'one category, one expense',
      rows: [rent],
      filters: { from: '2026-11-01', to: '2026-11-30', category: 'Rent' },
      notes: ['From 01/11/2026 to 30/11/2026, category Rent', 'Total: 1 expense, Rs. 45,000.00'],
    },
    {
      name: 'nothing in the period',
      rows: [],
      filters: { from: '', to: '2026-11-30', category: 'Food' },
      notes: ['Up to 30/11/2026, category Food', 'Total: 0 expenses, Rs. 0.00'],
    },
  ])('$name', ({ rows, filters, notes }) => {
    expect(expensesListPdfContent(rows, filters, at).notes).toEqual(notes);
  });

  it('draws each expense as the screen lists it, a correction negative and named', () => {
    const content = expensesListPdfContent([fuel, correction], { from: '', to: '', category: '' }, at);
    expect(content.columns).toEqual(['Date', 'Category', 'Amount', 'Paid From', 'Note', 'Paid By']);
    expect(content.rows).toEqual([
      ['27/11/2026', 'Fuel', 'Rs. 1,500.00', 'Cash drawer', 'Diesel for the tow truck', 'Kamal'],
      ['27/11/2026', 'Fuel', '-Rs. 500.00', 'Cash drawer', 'Correction: Typed 1,500 for 1,000', 'Kamal'],
    ]);
    expect(content.numericColumns).toEqual([2]);
    expect(content.notes?.[0]).toBe('All dates, all categories');
  });
});
