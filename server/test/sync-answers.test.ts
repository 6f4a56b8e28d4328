import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { makeTestServer, type SeededUser, type TestServer } from './helpers';

// Issue 24, point 2: a tiny request, a huge answer. 1,000 copies of `company:company` answered the
// company (and its logo) 1,000 times; a push of unknown entries whose `touches` named the company
// answered it once for every entry. Keys are answered once each, and a refusal answers only the
// records its mutation's definition touches.

let server: TestServer;
let staff: SeededUser;
beforeEach(async () => {
  server = await makeTestServer();
  staff = await server.userWithRole('Staff');
});
afterEach(() => server.close());

const envelope = (name: string, args: unknown, touches: string[], seq: number) => ({
  id: randomUUID(),
  clientId: 'device-answers',
  seq,
  name,
  args,
  touches,
  createdAt: new Date().toISOString(),
  authorId: staff.id,
});

describe('answers bounded by what was asked', () => {
  it('POST /api/sync/records answers each record once, however often it is named', async () => {
    const answer = await server.call('POST', '/api/sync/records', staff.token, { keys: Array.from({ length: 1000 }, () => 'company:company') });
    expect(answer.status).toBe(200);
    expect(answer.json.records).toEqual([{ table: 'company', id: 'company', row: null }]);
  });

  it('POST /api/sync/records takes at most 1,000 keys: one more is a 400 with a message', async () => {
    const answer = await server.call('POST', '/api/sync/records', staff.token, { keys: Array.from({ length: 1001 }, (_, i) => `items:${i}`) });
    expect(answer.status).toBe(400);
    expect(answer.json.success).toBe(false);
    expect(typeof answer.json.message).toBe('string');
  });

  it('a refused unknown entry answers no records, whatever its touches claim', async () => {
    const mutations = Array.from({ length: 20 }, (_, i) => envelope('noSuchOperation', {}, ['company:company', 'items:x'], i + 1));
    const answer = await server.call('POST', '/api/sync/push', staff.token, { clientId: 'device-answers', mutations });
    expect(answer.status).toBe(200);
    expect(answer.json.results.map((r: { status: string; current: unknown[] }) => [r.status, r.current])).toEqual(mutations.map(() => ['rejected', []]));
  });

  it('a refused known entry answers the records its definition touches, not the ones it claims', async () => {
    const categoryId = randomUUID();
    const mutations = [envelope('updateCategory', { id: categoryId, name: 'Brakes' }, ['company:company', `categories:${categoryId}`], 1)];
    const answer = await server.call('POST', '/api/sync/push', staff.token, { clientId: 'device-answers', mutations });
    expect(answer.json.results[0].status).toBe('rejected');
    expect(answer.json.results[0].current).toEqual([{ table: 'categories', id: categoryId, row: null }]);
  });
});
