import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import { HttpError, badRequest, parseOrThrow, readJson } from '../http/errors';
import { readListQuery } from '../http/query-params';
import { maxSearchLength, searchForDownload } from '../sync/search';
import { warmSearchIndexes } from '../sync/search-index';
import { downloadSearchTables, type DownloadSearchTable } from '@shared/domain/search-words';
import { applyBatch, currentStates, type MutationRequest } from '../sync/apply-mutation';
import { pullChanges } from '../sync/pull';
import { inSnapshot } from '../db/prepared';
import { requirePermission } from '../auth/require-auth';
import { deviceContacts, noteDeviceContact } from '../sync/device-contact';
import { nameRegister, registerNames } from '../sync/register-names';
import { registerNameMessage, registerNameSchema } from '@shared/schemas/register';
import { applyImported, assertEntriesSigned, importAuthors } from '../sync/imported-outbox';
import { checkImportFile } from '../sync/import-check';
import { outboxFileSchema } from '@shared/sync/outbox-file';
import { authorSigningKey } from '../sync/signing-keys';
import { assertDevice, deviceKeyHeader, takeDeviceKey } from '../sync/device-keys';
import { deviceProtocol, deviceTables } from '../sync/device-build';
import { pokeStream } from '../sync/poke-stream';
import { pushAnswerFor, pullPageFor, statesFor } from '../sync/project-for-role';
import { readerOf } from '../sync/reader';
import { projectRow } from '@shared/sync/read-scope';
import type { MutationOutcome } from '@shared/sync/messages';
import { pushRequestSchema, recordsRequestSchema } from '@shared/sync/message-schemas';
import { parseRecordKey, type RecordRef } from '@shared/sync/tables';
import { DeviceRegistrations, deviceCodeFor } from '../sales/device-code';
import { maxPushRecords } from '@shared/sync/messages';
import { pushWeight } from '@shared/sync/push-weight';
import { z } from 'zod';

const deviceRequestSchema = z.object({
  clientId: z.string().trim().min(8, 'clientId is required.').max(64, 'clientId is too long.'),
  /** The code the device holds already, if any (sales/device-code.ts, deviceCodeFor). */
  code: z
    .string()
    .regex(/^D[A-Z0-9]{4}$/, 'code is not a register code.')
    .optional(),
  /** The device's own key, made on the device (sync/device-keys.ts); an older build sends none. */
  deviceKey: z
    .string()
    .regex(/^[\w-]{32,64}$/, 'deviceKey is not a device key.')
    .optional(),
});

/**
 * One push is applied in one go on the server's one thread: its work is bounded, so that no push
 * holds every other request for long (issue 24, point 1). Refused whole before anything is applied,
 * with 413, which the device answers by sending the same entries in smaller pushes.
 */
function assertPushBounded(mutations: readonly { name: string; args: unknown }[]): void {
  if (mutations.length < 2) return; // one mutation alone always fits (maxPushRecords)
  let records = 0;
  for (const mutation of mutations) {
    records += pushWeight(mutation.name, mutation.args);
    if (records > maxPushRecords) {
      throw new HttpError(413, `This push touches more than ${maxPushRecords} records; at most ${maxPushRecords} are taken at once. Send it in smaller parts.`);
    }
  }
}

export function syncRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const registrations = new DeviceRegistrations();

  // Applies the device's outbox in order, in one transaction, and answers every mutation.
  app.post('/push', async (c) => {
    const request = parseOrThrow(pushRequestSchema, await readJson(c));
    const deviceKey = c.req.header(deviceKeyHeader);
    // A device pushes as the register it is, proved by its key (sync/device-keys.ts); an import is
    // another device's entries, each signed on that device (below).
    if (!request.imported) await assertDevice(deps.db, request.clientId, deviceKey);
    // An import is sent by another device: the exporting one has not been in touch.
    if (!request.imported) await noteDeviceContact(deps.db, request.clientId);
    // A build below the server's minimum is told to update (426) before anything is applied: its outbox stays.
    const protocol = deviceProtocol(request.protocol, deps.minimumSyncProtocol);
    assertPushBounded(request.mutations);
    const user = c.get('user');
    if (request.imported) {
      // Another device's exported outbox, sent by an Admin: each entry signed by its author and run
      // with the rights that author holds now (sync/imported-outbox.ts); one whose signature does
      // not hold refuses the whole push before anything is applied.
      const authors = await importAuthors(
        deps.db,
        user,
        request.mutations.map((mutation) => mutation.authorId),
      );
      const requests = request.mutations.map((mutation) => ({ ...mutation, deviceCode: request.deviceCode })) as (MutationRequest & { authorId?: string; signature?: string })[];
      await assertEntriesSigned(deps.db, requests);
      const outcomes = await applyImported(
        requests,
        authors,
        async (author, run) => applyBatch(deps.db, author, run, { protocol }),
        (mutation, httpStatus, message): MutationOutcome => ({ id: mutation.id, status: 'rejected', httpStatus, message, current: [] }),
      );
      if (outcomes.some((outcome) => outcome.status === 'applied' && outcome.at)) deps.changes.notify();
      const importer = await readerOf(deps.db, user, request.clientId, deviceKey);
      return c.json({ success: true, results: outcomes.map((outcome) => pushAnswerFor(outcome, importer)) });
    }
    // An entry is sent only under its author's session (docs/sync-rules.md, rule 11); one that names another
    // author is not applied and not recorded, so its author can still send it.
    const isOwn = (mutation: { authorId?: string }) => !mutation.authorId || mutation.authorId === user.id;
    const applied = await applyBatch(deps.db, user, request.mutations.filter(isOwn).map((mutation) => ({ ...mutation, deviceCode: request.deviceCode })) as MutationRequest[], {
      protocol,
    });
    // Read after the push applied: a register's first push may have given its device its code (mutation-tx.ts).
    const reader = await readerOf(deps.db, user, request.clientId, deviceKey);
    // Answers pair with entries by position, not by id: two entries may share an id (the second is
    // then refused), and the first one's answer must not be replaced by the second's.
    let next = 0;
    const results: MutationOutcome[] = request.mutations.map((mutation) =>
      isOwn(mutation)
        ? pushAnswerFor(applied[next++]!, reader)
        : {
            id: mutation.id,
            status: 'rejected',
            httpStatus: 403,
            message: 'This change was made by another user; it is sent when they log in on this device.',
            current: [],
          },
    );
    if (applied.some((outcome) => outcome.status === 'applied' && outcome.at)) deps.changes.notify();
    return c.json({ success: true, results });
  });

  // What a file of another device's unsent changes would do, checked, before an Admin sends it.
  app.post('/import/check', async (c) => {
    const file = parseOrThrow(outboxFileSchema, await readJson(c));
    return c.json({ success: true, summary: await checkImportFile(deps.db, c.get('user'), file) });
  });

  // The device's short code for its invoice numbers (INV-<code>-<sequence>), asked for at login.
  app.post('/device', async (c) => {
    const { clientId, code: held, deviceKey } = parseOrThrow(deviceRequestSchema, await readJson(c));
    const { code, created } = await deviceCodeFor(deps.db, clientId, c.get('user').id, registrations, held);
    await noteDeviceContact(deps.db, clientId);
    // The device's own key, taken when the server holds none for it (sync/device-keys.ts); and the key
    // the session's user signs changes with (sync/signing-keys.ts), for a device logged in before keys.
    const userId = c.get('user').id;
    if (deviceKey) await takeDeviceKey(deps.db, clientId, deviceKey, { held, isNew: created, user: c.get('user') });
    return c.json({ success: true, code, userId, signingKey: await authorSigningKey(deps.db, userId) });
  });

  app.get('/pull', async (c) => {
    deviceProtocol(c.req.query('protocol'), deps.minimumSyncProtocol);
    await noteDeviceContact(deps.db, c.req.query('client'));
    // Only rows of the tables the device's build stores, so its cursor never passes a row it drops.
    const device = deviceTables(c.req.query('tables'), c.req.query('catchup'));
    const limit = Number(c.req.query('limit') ?? '') || undefined;
    const pageSize = limit ? Math.min(Math.max(1, Math.trunc(limit)), 2000) : undefined;
    // priority=only: the catalogue and customers first; priority=open: the open work; priority=<version>: then the rest (sync/pull.ts).
    const priorityParam = c.req.query('priority');
    const priority = priorityParam === 'only' || priorityParam === 'open' ? priorityParam : priorityParam && /^\d{1,15}$/.test(priorityParam) ? Number(priorityParam) : undefined;
    // One snapshot for the whole page: its tables, its cursor and its nonce agree (db/prepared.ts).
    const page = await inSnapshot(deps.db, async (db) => pullChanges(db, c.req.query('since'), pageSize, c.req.query('ack'), c.req.query('count') === '1', priority, device));
    // A new device's first page: its lists ask the server while it downloads (sync/search.ts).
    if (priority === 'only' && !c.req.query('since')) warmSearchIndexes(deps.db);
    // The rows as this user reads them at the register the pull names: the role is read from the
    // session each time, so a role an Admin changed takes effect at this user's next pull
    // (shared/sync/read-scope.ts).
    const reader = await readerOf(deps.db, c.get('user'), c.req.query('client'), c.req.header(deviceKeyHeader));
    return c.json(pullPageFor(page, reader, c.req.query('scope') === '1'));
  });

  // A page of the device's own search of its catalogue or customers, while a new device is still
  // downloading them (sync/search.ts), projected as the pull projects them: this reveals nothing more.
  app.get('/search', async (c) => {
    const table = c.req.query('table');
    if (!downloadSearchTables.includes(table as DownloadSearchTable)) throw badRequest(`table must be one of ${downloadSearchTables.join(', ')}.`);
    const { search, page, size } = readListQuery(c.req.query());
    if (search.length > maxSearchLength) throw badRequest(`search must be at most ${maxSearchLength} characters.`);
    const found = await searchForDownload(deps.db, table as DownloadSearchTable, search, page, size ?? 50);
    const role = c.get('user').role;
    return c.json({ success: true, ...found, rows: found.rows.map((row) => projectRow(table as DownloadSearchTable, row, role)) });
  });

  // Projected as the pull projects them: this reveals nothing the pull does not.
  app.post('/records', async (c) => {
    const { keys, clientId } = parseOrThrow(recordsRequestSchema, await readJson(c));
    // Each record once (issue 24, point 2: 1,000 copies of one key answered it 1,000 times).
    const refs = [...new Set(keys)].map(parseRecordKey).filter((ref): ref is RecordRef => ref !== null);
    return c.json({ success: true, records: statesFor(await currentStates(deps.db, refs), await readerOf(deps.db, c.get('user'), clientId, c.req.header(deviceKeyHeader))) });
  });

  // The leader tab of each device listens here and pulls when poked.
  app.get('/events', (c) => pokeStream(c, deps.changes, deps.db));

  // Every register with its last push or pull, for an Admin's bell (a register silent for a day).
  app.get('/devices', requirePermission('manageStaff'), async (c) => c.json({ success: true, devices: await deviceContacts(deps.db) }));

  // An Admin names a register; every device reads the names (sync/register-names.ts).
  app.put('/devices/:code', requirePermission('manageStaff'), async (c) => {
    const { name } = parseOrThrow(registerNameSchema, await readJson(c));
    const register = await nameRegister(deps.db, c.req.param('code'), name);
    return c.json({ success: true, message: registerNameMessage(register), register });
  });
  app.get('/registers', async (c) => c.json({ success: true, registers: await registerNames(deps.db) }));

  return app;
}
