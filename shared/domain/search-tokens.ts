/**
 * The word rules a search uses, with no knowledge of tables: the entity declarations
 * (shared/entities) say which fields feed them, shared/domain/search-words.ts applies them.
 */

/** What a typed search is split into: lower-cased runs of letters and digits. */
export function searchTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Every ending of 3 or more digits of each run of digits: a search matches the start of a word,
 * so '4567' then finds 0771234567 and '234' finds it too (any run of 3 or more of its digits).
 */
export function digitEndings(value: string): string[] {
  const endings: string[] = [];
  for (const run of value.match(/\d{3,}/g) ?? []) {
    for (let start = 1; start <= run.length - 3; start++) endings.push(run.slice(start));
  }
  return endings;
}

/** Current Jobs lists the open jobs and the suspended ones waiting to be resumed, under one word. */
export const currentWord = '~current';
export const isCurrentStatus = (status: string) => ['open', 'suspended'].includes(status.trim().toLowerCase());

export const statusWord = (status: string) => `~${status.trim().toLowerCase()}`;

/** Lists sort by a lower-cased name, so 'bosch' sorts with 'Bosch', not after 'Z'. */
export const lowerSortKey = (value: unknown) => (typeof value === 'string' ? value.trim().toLocaleLowerCase() : '');

/** Digits of a timestamp turned 9 − d: ascending keys, newest first. */
export const newestFirst = (iso: string) => iso.replace(/\D/g, '').replace(/\d/g, (digit) => String(9 - Number(digit)));
