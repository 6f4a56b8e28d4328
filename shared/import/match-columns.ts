import type { ImportColumn } from './columns';

/**
 * A header as it is compared: a unit or a note in brackets dropped ('Unit Price (LKR)', 'Description
 * (optional)'), then case, spaces and punctuation ignored. Letters of every script stay, so a header
 * written in Sinhala can be remembered too.
 */
export function headerKey(header: string): string {
  return header
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

export interface FileHeader {
  index: number;
  header: string;
}

export interface ColumnMatch {
  /** The file's column index of each matched column, by the column's key. */
  byKey: Record<string, number>;
  /** Headers that matched nothing: the user maps them on screen (or ignores them). */
  unmatched: FileHeader[];
  /** Headers the user chose to ignore before. */
  ignored: FileHeader[];
  /** Required columns no header matched: nothing can be checked until the user maps one. */
  missing: ImportColumn[];
}

/**
 * Matches a file's headers to a kind's columns: first the user's own choices for these headers
 * (`remembered`, by headerKey: a column key, or '' for 'ignore'), then our form labels, then the
 * aliases, each in the file's order. A column takes one header; a second header that means it is
 * left to the user.
 */
export function matchColumns(headers: readonly string[], columns: readonly ImportColumn[], remembered: Readonly<Record<string, string>>): ColumnMatch {
  const byKey: Record<string, number> = {};
  const taken = new Set<number>();
  const ignored: FileHeader[] = [];
  const keys = headers.map(headerKey);
  const known = new Set(columns.map((column) => column.key));
  const take = (index: number, key: string) => {
    if (taken.has(index) || key in byKey) return;
    byKey[key] = index;
    taken.add(index);
  };
  keys.forEach((key, index) => {
    if (!key || !(key in remembered)) return;
    const choice = remembered[key]!;
    if (choice === '') {
      ignored.push({ index, header: headers[index]! });
      taken.add(index);
    } else if (known.has(choice)) take(index, choice);
  });
  for (const column of columns) {
    const index = keys.indexOf(headerKey(column.label));
    if (index >= 0) take(index, column.key);
  }
  keys.forEach((key, index) => {
    const column = columns.find((candidate) => candidate.aliases.some((alias) => headerKey(alias) === key));
    if (key && column) take(index, column.key);
  });
  const unmatched = headers.flatMap((header, index) => (keys[index] && !taken.has(index) ? [{ index, header }] : []));
  const missing = columns.filter((column) => column.required && !(column.key in byKey));
  return { byKey, unmatched, ignored, missing };
}
