/**
 * Issue 42, point 10: a failure while an entry's transaction is being made (its device time threw
 * there) answered the whole push 500, and the device sent it again for ever. Each entry's failure is
 * its own answer: the push answers 200, the entry is refused alone. The device time is made to throw
 * here, as it did for '-271821-04-20T00:00:00.000Z' with a negative offset before happenedAt was bounded.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { makeTestServer, type TestServer } from './helpers';

vi.mock('@shared/domain/device-time', async (original) => {
  const real = await original<typeof import('@shared/domain/device-time')>();
  return {
    ...real,
    happenedAt: (...args: Parameters<typeof real.happenedAt>) => {
      if (args[0].startsWith('-')) throw new RangeError('Invalid time value');
      return real.happenedAt(...args);
    },
  };
});

let server: TestServer;
beforeEach(async () => {
  server = await makeTestServer();
});
afterEach(() => server.close());

it('an entry whose transaction cannot be made is refused alone; the push and the other entries stand', async () => {
  const admin = await server.userWithRole('Admin');
  const entry = (seq: number, createdAt: string) => ({
    id: randomUUID(),
    clientId: 'tablet',
    seq,
    name: 'createCategory',
    args: { id: randomUUID(), name: `Category ${seq}` },
    createdAt,
  });
  const response = await server.call('POST', '/api/sync/push', admin.token, {
    clientId: 'tablet',
    mutations: [entry(1, '-271821-04-20T00:00:00.000Z'), entry(2, new Date().toISOString())],
  });
  expect(response.status).toBe(200);
  expect(response.json.results.map((result: { status: string; httpStatus?: number }) => [result.status, result.httpStatus])).toEqual([
    ['rejected', 500],
    ['applied', undefined],
  ]);
});
