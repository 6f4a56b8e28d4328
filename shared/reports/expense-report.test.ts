import { describe, expect, it } from 'vitest';
import { expenseReport, expenseReportTable, monthLabel, type ReportExpense } from './expense-report';

const rent = { date: '2026-10-01', category: 'Rent', amountCents: 5_000_000, correctionOf: null };
const fuel = { date: '2026-11-03', category: 'Fuel', amountCents: 200_000, correctionOf: null };
const fuelCorrection = { date: '2026-11-03', category: 'Fuel', amountCents: -50_000, correctionOf: 'fuel' };
const food = { date: '2026-11-20', category: 'Food', amountCents: 80_000, correctionOf: null };
const foodTakenBack = { date: '2026-11-20', category: 'Food', amountCents: -80_000, correctionOf: 'food' };
const rentNovember = { date: '2026-11-01', category: 'Rent', amountCents: 5_000_000, correctionOf: null };

const row = (key: string, label: string, expenses: number, spentCents: number, correctedCents: number) => ({
  key,
  label,
  expenses,
  spentCents,
  correctedCents,
  netCents: spentCents + correctedCents,
});

describe('expenseReport: by category and by month, corrections netted', () => {
  it.each<[string, ReportExpense[], ReturnType<typeof expenseReport>]>([
    ['nothing in the period', [], { byCategory: [], byMonth: [], totals: { expenses: 0, spentCents: 0, correctedCents: 0, netCents: 0 } }],
    [
      'one expense',
      [fuel],
      {
        byCategory: [row('Fuel', 'Fuel', 1, 200_000, 0)],
        byMonth: [row('2026-11', 'November 2026', 1, 200_000, 0)],
        totals: { expenses: 1, spentCents: 200_000, correctedCents: 0, netCents: 200_000 },
      },
    ],
    [
      'a correction nets in its expense’s category and month, and is no expense of its own',
      [fuel, fuelCorrection],
      {
        byCategory: [row('Fuel', 'Fuel', 1, 200_000, -50_000)],
        byMonth: [row('2026-11', 'November 2026', 1, 200_000, -50_000)],
        totals: { expenses: 1, spentCents: 200_000, correctedCents: -50_000, netCents: 150_000 },
      },
    ],
    [
      'an expense taken back in full stays, at 0; categories largest first, months in order',
      [food, rentNovember, fuelCorrection, rent, foodTakenBack, fuel],
      {
        byCategory: [row('Rent', 'Rent', 2, 10_000_000, 0), row('Fuel', 'Fuel', 1, 200_000, -50_000), row('Food', 'Food', 1, 80_000, -80_000)],
        byMonth: [row('2026-10', 'October 2026', 1, 5_000_000, 0), row('2026-11', 'November 2026', 3, 5_280_000, -130_000)],
        totals: { expenses: 4, spentCents: 10_280_000, correctedCents: -130_000, netCents: 10_150_000 },
      },
    ],
    [
      'categories netting the same, by name',
      [
        { ...fuel, category: 'Water' },
        { ...fuel, category: 'Electricity' },
      ],
      {
        byCategory: [row('Electricity', 'Electricity', 1, 200_000, 0), row('Water', 'Water', 1, 200_000, 0)],
        byMonth: [row('2026-11', 'November 2026', 2, 400_000, 0)],
        totals: { expenses: 2, spentCents: 400_000, correctedCents: 0, netCents: 400_000 },
      },
    ],
  ])('%s', (_case, expenses, report) => {
    expect(expenseReport(expenses)).toEqual(report);
  });

  it.each([
    ['2026-01', 'January 2026'],
    ['2026-12', 'December 2026'],
  ])('names the month %s as %s', (month, label) => expect(monthLabel(month)).toBe(label));

  it('says it as text for the PDF: categories, months, then the total', () => {
    expect(expenseReportTable(expenseReport([fuel, fuelCorrection, rent]))).toEqual({
      columns: ['By', 'Name', 'Expenses', 'Spent', 'Corrected', 'Net'],
      cells: [
        ['Category', 'Rent', '1', 'Rs. 50,000.00', 'Rs. 0.00', 'Rs. 50,000.00'],
        ['Category', 'Fuel', '1', 'Rs. 2,000.00', '-Rs. 500.00', 'Rs. 1,500.00'],
        ['Month', 'October 2026', '1', 'Rs. 50,000.00', 'Rs. 0.00', 'Rs. 50,000.00'],
        ['Month', 'November 2026', '1', 'Rs. 2,000.00', '-Rs. 500.00', 'Rs. 1,500.00'],
        ['Total', 'All expenses', '2', 'Rs. 52,000.00', '-Rs. 500.00', 'Rs. 51,500.00'],
      ],
    });
  });
});
