import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { containsPattern, likeEscaped, maxPageSize, pageFields, positiveInt, readListQuery } from '../src/http/query-params';
import { HttpError } from '../src/http/errors';

/** The HttpError that a call throws, as `{ status, message }`, or null when it does not throw. */
function thrown(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe('containsPattern', () => {
  it.each([
    ['', '%%'],
    ['oil', '%oil%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\x', '%c:\\\\x%'],
  ])('%j becomes %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});

describe('likeEscaped with containsPattern, in SQLite', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle(sqlite);
  afterAll(() => sqlite.close());
  const matches = async (value: string, search: string) => (await db.get<{ m: number }>(sql`SELECT ${likeEscaped(sql`${value}`, containsPattern(search))} AS m`)).m === 1;

  it.each([
    ['Oil Filter', 'oil', true],
    ['Oil Filter', 'FILTER', true],
    ['Oil Filter', 'il fi', true],
    ['Oil Filter', 'brake', false],
    ['50% off', '50%', true],
    ['500 off', '50%', false],
    ['a_b', 'a_b', true],
    ['axb', 'a_b', false],
    ['c:\\x', 'c:\\x', true],
    ['anything', '', true],
  ])('%j contains %j: %s', async (value, search, expected) => {
    expect(await matches(value, search)).toBe(expected);
  });
});

describe('positiveInt', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['  ', undefined],
    ['1', 1],
    ['25', 25],
    [' 3 ', 3],
  ])('%j is %j', (value, expected) => {
    expect(positiveInt(value, 'page')).toBe(expected);
  });

  it.each(['0', '-1', '1.5', 'abc', '2x', 'Infinity'])('refuses %j with 400 and the label in the message', (value) => {
    expect(thrown(() => positiveInt(value, 'limit'))).toEqual({ status: 400, message: 'limit must be a whole number of at least 1.' });
  });
});

describe('readListQuery', () => {
  it.each([
    [{}, { search: '', page: 1, size: undefined }],
    [{ search: '  oil  ' }, { search: 'oil', page: 1, size: undefined }],
    [{ page: '3' }, { search: '', page: 3, size: undefined }],
    [
      { limit: '20', page: '2' },
      { search: '', page: 2, size: 20 },
    ],
    [{ limit: String(maxPageSize + 1) }, { search: '', page: 1, size: maxPageSize }],
    [
      { limit: '', page: '' },
      { search: '', page: 1, size: undefined },
    ],
  ])('%j reads as %j', (query, expected) => {
    expect(readListQuery(query)).toEqual(expected);
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number of at least 1.'],
    [{ limit: 'ten' }, 'limit must be a whole number of at least 1.'],
    // limit is checked before page
    [{ limit: '0', page: '0' }, 'limit must be a whole number of at least 1.'],
  ])('refuses %j with 400: %s', (query, message) => {
    expect(thrown(() => readListQuery(query))).toEqual({ status: 400, message });
  });
});

describe('pageFields', () => {
  it.each([
    [0, 1, undefined, {}],
    [45, 2, undefined, {}],
    [0, 1, 20, { page: 1, pages: 1 }],
    [20, 1, 20, { page: 1, pages: 1 }],
    [21, 2, 20, { page: 2, pages: 2 }],
    [45, 9, 20, { page: 9, pages: 3 }],
  ])('total %i, page %i, size %j: %j', (total, page, size, expected) => {
    expect(pageFields(total, page, size)).toEqual(expected);
  });
});
