import { describe, expect, it } from 'vitest';
import type { SyncProblem } from '../db/db';
import { problemAdvice, refusalMessage } from './problem-advice';

const problem = (name: string, httpStatus: number, message = 'Refused.'): SyncProblem => ({
  key: 1,
  mutation: { id: 'm1', clientId: 'c1', name, args: { id: 'r1' }, createdAt: '2026-11-26T09:00:00.000Z', touches: [], authorId: 'u1', authorName: 'Ann' },
  message,
  httpStatus,
  at: '2026-11-26T09:01:00.000Z',
  current: [],
});

describe('problemAdvice', () => {
  it.each([
    ['a sale is never discarded, whatever the status', 'checkoutSale', 409, /^Money taken is never discarded/],
    ['a payment refused for a role', 'recordPayment', 403, /^Money taken is never discarded/],
    ['a role refusal', 'deleteCustomer', 403, /^Your role may not do this: ask a Manager or an Admin/],
    ['a record deleted elsewhere', 'setJobCardStatus', 404, /^The record is no longer on the server/],
    ["the server's own failure", 'adjustStock', 500, /^The server could not apply it: Retry later/],
    ['a refused edit with a form', 'updateCustomer', 409, /^Edit it to fix what the server says/],
    ['a refused create with a form', 'createItem', 400, /^Edit it to fix what the server says/],
    ['any other refusal', 'setJobCardStatus', 409, /^Retry once the other change it depends on has synced, or Discard it\.$/],
  ])('%s', (_case, name, status, advice) => {
    expect(problemAdvice(problem(name, status))).toMatch(advice);
  });

  it("the message names the change, the server's words and what to do", () => {
    expect(refusalMessage(problem('updateCustomer', 409, 'The barcode X-1 is already used by another item.'))).toBe(
      'The server refused your change (update customer): The barcode X-1 is already used by another item. Edit it to fix what the server says and it is sent again, or Discard it.',
    );
  });
});
