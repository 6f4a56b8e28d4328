import { describe, expect, it } from 'vitest';
import { defaultExpenseCategories, expenseCategoriesOf, expenseCategoriesProblem } from './expense-categories';
import { companyRecordSchema } from './company';

describe("the shop's expense categories", () => {
  const lists: { name: string; text: string | undefined; offered: readonly string[] }[] = [
    { name: 'never set', text: undefined, offered: defaultExpenseCategories },
    { name: 'left empty', text: '', offered: defaultExpenseCategories },
    { name: 'only blank lines', text: '\n  \n', offered: defaultExpenseCategories },
    { name: "the shop's own, trimmed, blanks dropped", text: ' Rent \n\nTyre disposal\nTea for the staff ', offered: ['Rent', 'Tyre disposal', 'Tea for the staff'] },
  ];
  it.each(lists)('$name', ({ text, offered }) => expect(expenseCategoriesOf(text === undefined ? {} : { expenseCategories: text })).toEqual(offered));

  const problems: { name: string; text: string; message: string | null }[] = [
    { name: 'a fair list', text: 'Rent\nFuel', message: null },
    { name: 'empty', text: '', message: null },
    { name: 'a name twice, in any case', text: 'Fuel\nRent\nfuel', message: 'fuel is listed twice.' },
    { name: 'a name too long', text: `Rent\n${'x'.repeat(41)}`, message: `An expense category has at most 40 characters: ${'x'.repeat(20)}…` },
    { name: 'too many', text: Array.from({ length: 31 }, (_, i) => `Category ${i}`).join('\n'), message: 'At most 30 expense categories.' },
  ];
  it.each(problems)('$name: $message', ({ text, message }) => expect(expenseCategoriesProblem(text)).toBe(message));

  it('the company record refuses a bad list with the same words', () => {
    const result = companyRecordSchema.safeParse({ name: 'Garage', email: 'a@b.lk', phone: '011', address: 'Road', expenseCategories: 'Fuel\nFUEL' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('FUEL is listed twice.');
  });
});
