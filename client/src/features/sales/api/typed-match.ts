import { findByCode, searchInStock, type ProductRow } from './find-product';

/**
 * The register's one rule for typed text (issue 47): what the suggestions under the box offer, and
 * what Enter adds. Enter reads the text itself, so it decides the same whether the suggestions have
 * come yet (they wait 300 ms after the last key) or not: a cashier's fast 'coolant⏎' and a
 * scanner's burst get what a slow typist would.
 */

/** A single key suggests nothing: every item has words starting with most letters and digits. */
export const minSuggestLength = 2;
export const suggestionLimit = 8;

/** The items in stock offered for the text: none for text shorter than `minSuggestLength`. */
export async function suggestionsFor(text: string): Promise<ProductRow[]> {
  const typed = text.trim();
  return typed.length < minSuggestLength ? [] : searchInStock(typed, suggestionLimit);
}

/** The suggestions the box shows, for the text they were asked for, and the one the arrows picked (-1 none). */
export interface Shown {
  for: string;
  rows: ProductRow[];
  highlighted: number;
}

export type EnterChoice = { kind: 'add'; product: ProductRow } | { kind: 'notFound' } | { kind: 'choose'; rows: ProductRow[] };

/**
 * Enter's choice: the item whose barcode is the text; else the highlighted suggestion; else the
 * only one; several and none highlighted are for the cashier to choose among.
 */
export function chooseOnEnter(byCode: ProductRow | undefined, rows: readonly ProductRow[], highlighted: number): EnterChoice {
  if (byCode) return { kind: 'add', product: byCode };
  const picked = rows[highlighted];
  if (picked) return { kind: 'add', product: picked };
  if (rows.length === 1) return { kind: 'add', product: rows[0]! };
  return rows.length === 0 ? { kind: 'notFound' } : { kind: 'choose', rows: [...rows] };
}

/**
 * What Enter does with `text`. The suggestions shown count only when they are for exactly this
 * text (a highlight made before more keys came, a scan over it, means nothing); otherwise they are
 * read now, by `suggestionsFor`, as the box would have shown them.
 */
export async function resolveEnter(text: string, shown: Shown): Promise<EnterChoice> {
  const typed = text.trim();
  if (!typed) return { kind: 'notFound' };
  const byCode = await findByCode(typed);
  if (byCode) return chooseOnEnter(byCode, [], -1);
  const current = shown.for === typed;
  return chooseOnEnter(undefined, current ? shown.rows : await suggestionsFor(typed), current ? shown.highlighted : -1);
}

/** Ours: the spec has only 'Item not found!', which is untrue when several items match. */
export const severalMatch = (text: string) => `Several items match "${text.trim()}": choose one.`;
