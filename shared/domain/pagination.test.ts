import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow } from './pagination';

describe('pageWindow: up to 5 numbers with ellipses', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, 5, 'ellipsis-end']],
    [5, 10, ['ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end']],
    [10, 10, ['ellipsis-start', 6, 7, 8, 9, 10]],
    [2, 10, [1, 2, 3, 4, 5, 'ellipsis-end']],
    [9, 10, ['ellipsis-start', 6, 7, 8, 9, 10]],
  ])('page %d of %d', (page, pages, expected) => expect(pageWindow(page, pages)).toEqual(expected));
});

describe('pageRange and pageCount', () => {
  it.each([
    [1, 25, 0, { from: 0, to: 0 }],
    [1, 25, 10, { from: 1, to: 10 }],
    [2, 25, 60, { from: 26, to: 50 }],
    [3, 25, 60, { from: 51, to: 60 }],
    [3, 50, 120, { from: 101, to: 120 }],
  ])('page %d of size %d over %d rows', (page, size, total, range) => expect(pageRange(page, size, total)).toEqual(range));

  it.each([
    [0, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [120, 50, 3],
  ])('%d rows in pages of %d make %d pages', (total, size, pages) => expect(pageCount(total, size)).toBe(pages));
});
