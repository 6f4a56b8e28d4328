// The shop's expense categories (issue 27: "a list the shop edits"), kept on the company record as
// lines of text so the generic per-field save carries them. No zod here: the company schema and the
// Expenses screen both read it.

/** The categories a shop starts with (issue 27's list). */
export const defaultExpenseCategories = ['Rent', 'Electricity', 'Water', 'Salaries', 'Tools', 'Fuel', 'Food', 'Cleaning', 'Other'] as const;

export const maxExpenseCategories = 30;
export const maxExpenseCategoryLength = 40;

/** The lines of the setting, trimmed, blanks dropped. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What is wrong with a typed list, in words, or null. */
export function expenseCategoriesProblem(text: string): string | null {
  const lines = linesOf(text);
  if (lines.length > maxExpenseCategories) return `At most ${maxExpenseCategories} expense categories.`;
  const long = lines.find((line) => line.length > maxExpenseCategoryLength);
  if (long) return `An expense category has at most ${maxExpenseCategoryLength} characters: ${long.slice(0, 20)}…`;
  const seen = new Set<string>();
  for (const line of lines) {
    const key = line.toLowerCase();
    if (seen.has(key)) return `${line} is listed twice.`;
    seen.add(key);
  }
  return null;
}

/** The categories the Expenses screen offers: the shop's list, or the starting one while it has none. */
export function expenseCategoriesOf(company: { expenseCategories?: string } | null | undefined): readonly string[] {
  const lines = linesOf(company?.expenseCategories ?? '');
  return lines.length > 0 ? lines : defaultExpenseCategories;
}
