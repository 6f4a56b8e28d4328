import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { badRequest } from './errors';
import { bounds } from '@shared/schemas/numbers';

/** The largest ?limit= a list route honours; a larger one is cut down to it. */
export const maxPageSize = bounds.limit.max;

/** `%text%` for LIKE with its wildcards taken literally (likeEscaped ignores ASCII case). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * `column LIKE pattern ESCAPE '\'`, ignoring ASCII case: drizzle's like() has no ESCAPE clause, which
 * containsPattern needs. SQLite's LIKE ignores ASCII case, PostgreSQL's does not: lower() on both sides
 * folds the same letters on both engines (PostgreSQL in the C locale).
 */
export function likeEscaped(column: SQLWrapper, pattern: string): SQL {
  return sql`lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`;
}

/** A query parameter that must be a whole number from 1 to `max`; absent or blank is undefined. */
export function positiveInt(value: string | undefined, label: string, max: number = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  // Digits only: '1e20', '0x10' and '1.0' are not page numbers.
  const number = /^\d{1,16}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw badRequest(`${label} must be a whole number of at least 1.`);
  if (number > max) throw badRequest(`${label} must be at most ${max.toLocaleString('en-US')}.`);
  return number;
}

export interface ListQuery {
  /** The trimmed ?search=, '' when absent. */
  search: string;
  /** ?page=, 1 when absent. */
  page: number;
  /** ?limit= capped at maxPageSize, or undefined (no paging: the whole list) when absent. */
  size: number | undefined;
}

/** ?search=&page=&limit= of a paged list route (pass `c.req.query()`); a bad page or limit is a 400. */
export function readListQuery(query: Record<string, string | undefined>): ListQuery {
  const search = query.search?.trim() ?? '';
  const limit = positiveInt(query.limit, 'limit');
  const page = positiveInt(query.page, 'page', bounds.page.max) ?? 1;
  return { search, page, size: limit ? Math.min(limit, maxPageSize) : undefined };
}

/** The `page` and `pages` of a paged answer; nothing when the list was not paged. */
export function pageFields(total: number, page: number, size: number | undefined): { page?: number; pages?: number } {
  return size ? { page, pages: Math.max(1, Math.ceil(total / size)) } : {};
}
