import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import type { Db } from '../db/connection';
import { tokenFromHeaders, userForToken } from '../auth/tokens';
import type { ChangeNotifier } from './change-notifier';
import { Wakeup } from './wakeup';

/** A comment line this often keeps proxies from closing an idle stream and lets the device notice a dead one. */
export const keepAliveMs = 20_000;

/**
 * Issue 24, point 3: one token opened 3,000 streams, and a deactivated user's stream went on
 * receiving pokes. Each user holds a few streams (a device's leader tab holds one; a few devices per
 * user), the server a bounded number in all; and a stream whose session was revoked, expired or
 * whose user was deactivated is closed at its next keep-alive, within `keepAliveMs`.
 */
export const streamLimits = { perUser: 5, total: 300 };

/**
 * Server-sent events for one device: a 'poke' on connect (it may have missed some while away) and
 * after every commit that wrote rows; pokes that arrive while one is being written merge into one.
 */
export function pokeStream(c: Context<AppEnv>, changes: ChangeNotifier, db: Db) {
  const userId = c.get('user').id;
  const token = tokenFromHeaders((name) => c.req.header(name)) ?? '';
  if (changes.connectionsOf(userId) >= streamLimits.perUser) {
    throw new HttpError(429, `At most ${streamLimits.perUser} live update streams are open per user. Close a tab or device and try again.`);
  }
  if (changes.connections >= streamLimits.total) throw new HttpError(503, 'The server is holding as many live update streams as it can. Try again later.');
  return streamSSE(c, async (stream) => {
    const wakeup = new Wakeup();
    const unsubscribe = changes.subscribe(() => wakeup.set(), userId);
    stream.onAbort(() => wakeup.set());
    let poke = true; // on connect: it may have missed some while away
    let checkedAt = Date.now();
    try {
      while (!stream.aborted && !stream.closed) {
        // Is the session still good? Asked once a keep-alive period, however many pokes come.
        if (Date.now() - checkedAt >= keepAliveMs - 1000) {
          if (!(await userForToken(db, token))) break;
          checkedAt = Date.now();
        }
        if (poke) await stream.writeSSE({ event: 'poke', data: '' });
        else await stream.write(': keep-alive\n\n');
        poke = await wakeup.wait(keepAliveMs);
      }
    } finally {
      unsubscribe();
    }
  });
}
