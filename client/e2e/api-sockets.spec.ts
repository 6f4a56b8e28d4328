import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './support/fixtures';

// Issue 42, point 11: the `request` fixture kept its idle sockets with no timeout, and a call written
// just as the server closed one was reset (ECONNRESET). A socket it leaves idle is one a server may
// close under the next call, so it must leave none. Counted on a server of the test's own, the only
// place its open sockets can be seen.
test('the request fixture keeps no socket open once answered', async ({ request }) => {
  const counter = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  const open = () => new Promise<number>((resolve, reject) => counter.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  try {
    const url = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/`;
    for (const call of ['first', 'second']) {
      expect((await request.get(url)).ok(), call).toBe(true);
      await expect.poll(open, { message: `sockets open after the ${call} call`, timeout: 2000 }).toBe(0);
    }
  } finally {
    counter.closeAllConnections();
    await new Promise((resolve) => counter.close(resolve));
  }
});
