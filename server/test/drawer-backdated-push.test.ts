/**
 * Issue 42, point 2: openings dated far back made the server judge every later session of their
 * register again, a query each (2,000 sessions: 11 s for a 20-entry push, every other request
 * waiting). An opening is now judged against the session before it only, and judges the one after
 * it: a couple of indexed rows. Timed against the wall clock, so it runs with the timed files.
 */
import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ago, useDrawerServer } from './drawer-helpers';
import { formatZReportNo } from '@shared/domain/invoice-number';
import { newRecordId } from '@shared/sync/record-id';

const minute = 60_000;
const d = useDrawerServer();

it('a push of 20 openings dated 1970 on a register of 2,000 sessions answers within a second', async () => {
  const sqlite = d.server.db.$client;
  const insert = sqlite.prepare(
    `INSERT INTO drawer_sessions (id, version, updatedAt, register, status, floatCents, createdAt, openedById, openedBy, closedAt, zNumber, receivedAt)
     VALUES (?, 1, ?, ?, 'closed', 0, ?, ?, 'Admin', ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) {
      const opened = Date.now() - (2000 - i) * 10 * minute;
      insert.run(newRecordId(), ago(0), d.codeA, new Date(opened).toISOString(), d.admin.id, new Date(opened + 5 * minute).toISOString(), formatZReportNo(d.codeA, i + 1), ago(0));
    }
  })();
  const started = performance.now();
  const outcomes = await d.pushMany(
    'register-a',
    Array.from({ length: 20 }, (_, i) => ({
      name: 'openDrawer',
      args: { id: randomUUID(), float: 0 },
      options: { createdAt: new Date(Date.UTC(1970, 0, 1, 8, 0, i)).toISOString() },
    })),
  );
  expect(performance.now() - started).toBeLessThan(1000);
  expect(outcomes.every((outcome) => outcome.status === 'applied')).toBe(true);
});
