import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeNotifier } from './change-notifier';

// Issue 46, point 4: several server processes on one PostgreSQL database. A commit on one must poke the
// devices connected to the others. PostgreSQL's LISTEN/NOTIFY is only the doorbell: it carries no change
// (the version-ordered rows stay the record a device pulls), so a lost ring costs a device no more than
// the wait for its next timed sync, and a ring for nothing new costs one empty pull.

export const doorbellChannel = 'garage_changes';
const reconnectMs = 1000;

/**
 * Listens on the channel (one connection of its own, outside the pool) and rings it after this
 * process's commits. Rings merge: one NOTIFY in flight at a time, and one more after it when commits
 * came meanwhile. Answers the function that stops listening.
 */
export async function connectDoorbell(url: string, changes: ChangeNotifier): Promise<() => Promise<void>> {
  const me = randomUUID(); // a process hears its own rings too: it has poked its devices already
  let stopped = false;
  let listener: pg.Client | null = null;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => message.payload !== me && changes.deliver());
    client.on('error', () => undefined); // followed by 'end', which reconnects
    client.on('end', () => {
      if (stopped || listener !== client) return;
      listener = null;
      setTimeout(() => void listen().catch(() => undefined), reconnectMs).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${doorbellChannel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void listen().catch(() => undefined), reconnectMs).unref();
      throw error;
    }
    listener = client;
    // Rings may have gone by while this connection was away: the devices pull to find out.
    changes.deliver();
  };
  await listen();

  const ringer = new pg.Pool({ connectionString: url, max: 1 });
  ringer.on('error', () => undefined);
  let ringing = false;
  let again = false;
  const ring = (): void => {
    if (ringing) {
      again = true;
      return;
    }
    ringing = true;
    ringer
      .query('SELECT pg_notify($1, $2)', [doorbellChannel, me])
      .catch((error: unknown) => console.error('ringing the other server processes failed:', (error as Error).message))
      .finally(() => {
        ringing = false;
        if (again && !stopped) {
          again = false;
          ring();
        }
      });
  };
  changes.ringOthersWith(ring);

  return async () => {
    stopped = true;
    changes.ringOthersWith(() => undefined);
    await listener?.end().catch(() => undefined);
    await ringer.end().catch(() => undefined);
  };
}
