import { describe, expect, it } from 'vitest';
import { monthResult, type MonthResult, type MonthResultInput } from './month-result';

const costs: Record<string, number> = { filter: 60_000, oil: 150_000, free: 0 };
const base: MonthResultInput = { invoices: [], invoiceLines: [], creditNotes: [], creditNoteLines: [], costOf: (id) => costs[id], expenses: [] };
const item = (refId: string | null, quantityHundredths: number) => ({ kind: 'item' as const, refId, quantityHundredths });
const service = { kind: 'service' as const, refId: 'tune-up', quantityHundredths: 100 };

describe('monthResult: sales less returns, less the cost of parts sold, less expenses', () => {
  it.each<[string, Partial<MonthResultInput>, Omit<MonthResult, 'resultCents'>]>([
    ['an empty month', {}, { salesCents: 0, returnsCents: 0, partsCostCents: 0, expensesCents: 0, partsWithoutCost: 0 }],
    [
      'a sale of two filters and a service: parts at cost price, services cost nothing',
      { invoices: [{ totalCents: 420_000, taxCents: 0 }], invoiceLines: [item('filter', 200), service] },
      { salesCents: 420_000, returnsCents: 0, partsCostCents: 120_000, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'tax is left out of sales and returns',
      { invoices: [{ totalCents: 118_000, taxCents: 18_000 }], creditNotes: [{ totalCents: 59_000, taxCents: 9_000 }] },
      { salesCents: 100_000, returnsCents: 50_000, partsCostCents: 0, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'a fractional quantity costs its share, rounded to the cent',
      { invoiceLines: [item('oil', 133)] },
      { salesCents: 0, returnsCents: 0, partsCostCents: 199_500, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'a part returned to stock gives its cost back; scrapped or sent to the supplier does not',
      {
        invoiceLines: [item('filter', 300)],
        creditNoteLines: [
          { ...item('filter', 100), disposition: 'restock' },
          { ...item('filter', 100), disposition: 'scrap' },
          { ...item('filter', 100), disposition: 'supplier' },
          { ...service, disposition: null },
        ],
      },
      { salesCents: 0, returnsCents: 0, partsCostCents: 120_000, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'a line that kept its cost at the sale counts that, not the cost the item has now (issue 44)',
      {
        invoiceLines: [
          { ...item('filter', 200), costCents: 45_000 },
          { ...item('filter', 100), costCents: null },
        ],
      },
      { salesCents: 0, returnsCents: 0, partsCostCents: 150_000, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'a part returned to stock gives back the cost it was sold at',
      { invoiceLines: [{ ...item('filter', 200), costCents: 45_000 }], creditNoteLines: [{ ...item('filter', 100), costCents: 45_000, disposition: 'restock' }] },
      { salesCents: 0, returnsCents: 0, partsCostCents: 45_000, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'a part whose item is gone still costs what its line kept',
      { invoiceLines: [{ ...item('deleted', 100), costCents: 30_000 }] },
      { salesCents: 0, returnsCents: 0, partsCostCents: 30_000, expensesCents: 0, partsWithoutCost: 0 },
    ],
    [
      'a part no longer known (or without an item) costs nothing and is counted',
      { invoiceLines: [item('deleted', 100), item(null, 100), item('free', 100)] },
      { salesCents: 0, returnsCents: 0, partsCostCents: 0, expensesCents: 0, partsWithoutCost: 2 },
    ],
    [
      'expenses count with their corrections',
      { expenses: [{ amountCents: 200_000 }, { amountCents: -50_000 }, { amountCents: 30_000 }] },
      { salesCents: 0, returnsCents: 0, partsCostCents: 0, expensesCents: 180_000, partsWithoutCost: 0 },
    ],
    [
      'all together: a loss is negative',
      {
        invoices: [{ totalCents: 420_000, taxCents: 0 }],
        invoiceLines: [item('filter', 200), service],
        creditNotes: [{ totalCents: 110_000, taxCents: 0 }],
        creditNoteLines: [{ ...item('filter', 100), disposition: 'restock' }],
        expenses: [{ amountCents: 5_000_000 }],
      },
      { salesCents: 420_000, returnsCents: 110_000, partsCostCents: 60_000, expensesCents: 5_000_000, partsWithoutCost: 0 },
    ],
  ])('%s', (_case, input, figures) => {
    const result = monthResult({ ...base, ...input });
    expect(result).toEqual({ ...figures, resultCents: figures.salesCents - figures.returnsCents - figures.partsCostCents - figures.expensesCents });
  });

  it('comes to the figure a person works out', () => {
    // 4,200 sold − 1,100 returned − (1,200 − 600) parts − 50,000 rent = −47,500.
    const result = monthResult({
      ...base,
      invoices: [{ totalCents: 420_000, taxCents: 0 }],
      invoiceLines: [item('filter', 200)],
      creditNotes: [{ totalCents: 110_000, taxCents: 0 }],
      creditNoteLines: [{ ...item('filter', 100), disposition: 'restock' }],
      expenses: [{ amountCents: 5_000_000 }],
    });
    expect(result.resultCents).toBe(-4_750_000);
  });
});
