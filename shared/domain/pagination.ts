// The pager of the spec: a window of up to 5 page numbers around the current page.
export type PageToken = number | 'ellipsis-start' | 'ellipsis-end';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageWindow(current: number, pages: number, size = 5): PageToken[] {
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const tokens: PageToken[] = [];
  if (start > 1) tokens.push('ellipsis-start');
  for (let page = start; page <= end; page++) tokens.push(page);
  if (end < pages) tokens.push('ellipsis-end');
  return tokens;
}

/** 'Showing x-y of n' numbers for a page (x is 0 when there is nothing). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}
