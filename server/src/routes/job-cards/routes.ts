import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '@server/http/context';
import { badRequest, notFound, readJson } from '@server/http/errors';
import { maxPageSize, pageFields, readListQuery } from '@server/http/query-params';
import { runMutation, withId } from '@server/http/run-mutation';
import { requirePermission } from '@server/auth/require-auth';
import { inTransaction } from '@server/db/prepared';
import type { Db } from '@server/db/connection';
import { jobCardFieldsFromBody, linesFromBody } from './aliases';
import { updateArgsFromBody } from './update-args';
import { byStatus, findLiveJob, jobCardWithLines, jobStats, liveLinesOf, pageOfJobs, peekNextJobNumber, previousMileage, reportWhere } from './reads';
import type { SyncedRow } from '@shared/sync/tables';
import { isBlank } from '@shared/schemas/numbers';
import { jobCardMessages } from '@shared/schemas/job-card';
import { normalizeJobStatus } from '@shared/domain/job-status';
import { newRecordId } from '@shared/sync/record-id';

const notFoundMessage = 'Job card not found.';
const reportPageSize = 50;

/** An optional ISO timestamp of the query (?from=, ?to=): undefined when absent or blank, a 400 when unreadable. */
function timestampParam(value: string | undefined, name: string): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(text))) throw badRequest(`${name} must be a date and time (ISO 8601), e.g. 2026-11-23T00:00:00.000Z.`);
  return new Date(text).toISOString();
}

const textParam = (c: Context<AppEnv>, name: string) => c.req.query(name)?.trim() ?? '';

/**
 * Job cards (spec 7, Job cards). Every route needs 'operate' (every role); deleting needs
 * 'deleteRecords', which the deleteJobCard mutation checks. Writes go through the named mutations
 * (Idempotency-Key included); reads are drizzle queries paged in SQL.
 */
export function jobCardRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  // A peek, not a reservation: the create takes the number in its own transaction.
  app.get('/next-number', async (c) => c.json({ success: true, nextJobNumber: await peekNextJobNumber(db) }));

  app.get('/previous-mileage', async (c) => {
    const licensePlate = textParam(c, 'licensePlate');
    if (!licensePlate) throw badRequest('licensePlate is required.');
    const customerId = textParam(c, 'customerId') || undefined;
    const excludeId = textParam(c, 'excludeId') || undefined;
    return c.json({ success: true, previousMileage: await previousMileage(db, { licensePlate, customerId, excludeId }) });
  });

  app.get('/stats', async (c) => {
    const from = timestampParam(c.req.query('from'), 'from');
    const to = timestampParam(c.req.query('to'), 'to');
    return c.json({ success: true, ...(await jobStats(db, from, to)) });
  });

  // The job history report (spec 2.16): ?q= matches job number, customer, phone or plate; the others narrow.
  app.get('/report', async (c) => {
    const { page, size } = readListQuery(c.req.query());
    const limit = size ?? reportPageSize;
    const where = reportWhere({ q: textParam(c, 'q'), customerName: textParam(c, 'customerName'), phone: textParam(c, 'phone'), vehicleReg: textParam(c, 'vehicleReg') });
    const { total, jobCards } = await pageOfJobs(db, where, page, limit);
    return c.json({ success: true, results: jobCards, total, pages: Math.max(1, Math.ceil(total / limit)), page });
  });

  // ?status= (any case: 'open', 'FINISHED'); newest first; ?page=&limit= (default and largest 500).
  app.get('/', async (c) => {
    const query = c.req.query();
    const { page, size } = readListQuery(query);
    const limit = size ?? maxPageSize;
    const statusText = query.status?.trim();
    const status = statusText ? normalizeJobStatus(statusText) : null;
    if (statusText && !status) throw badRequest(jobCardMessages.status);
    const { total, jobCards } = await pageOfJobs(db, byStatus(status), page, limit);
    return c.json({ success: true, jobCards, total, ...pageFields(total, page, limit), ...(total === 0 ? { message: 'No job cards found.' } : {}) });
  });

  app.get('/:id', async (c) => {
    const job = await findLiveJob(db, c.req.param('id'));
    if (!job) throw notFound(notFoundMessage);
    return c.json({ success: true, jobCard: await jobCardWithLines(db, job, true) });
  });

  // The spec's body (its older field names too, see aliases.ts); the server numbers the job and
  // starts it Open (a status in the body is not taken). No dateIn means now.
  app.post('/', async (c) => {
    const body = withId(await readJson(c));
    const fields = jobCardFieldsFromBody(body);
    if (isBlank(fields.dateIn)) fields.dateIn = new Date().toISOString();
    const lines = [...(linesFromBody(body, 'item') ?? []), ...(linesFromBody(body, 'service') ?? [])];
    const row = (await runMutation(c, deps, 'createJobCard', { ...fields, id: body.id, lines })) as SyncedRow;
    const job = (await findLiveJob(db, row.id)) ?? row;
    return c.json({ success: true, message: 'Job Card created successfully!', jobCard: await jobCardWithLines(db, job) }, 201);
  });

  /**
   * A body of only `{ status }` (other keys that are no job card field, such as _id, are ignored)
   * moves the job by the status rule. Any other body is an edit: the fields that differ and the
   * lines diffed (update-args.ts), as one updateJobCard. A body with both runs two mutations in one
   * transaction, all or nothing: the edit, then the move (finishing after the last edit), except a
   * reopening, which comes first since a finished job cannot be edited. With an Idempotency-Key,
   * the move is recorded under the key + '#status'.
   */
  app.put('/:id', async (c) => {
    const id = c.req.param('id');
    const body = withId(await readJson(c), id);
    const job = await findLiveJob(db, id);
    if (!job) throw notFound(notFoundMessage);
    const statusGiven = body.status !== undefined;
    const edits = Object.keys(jobCardFieldsFromBody(body)).length > 0 || body.jobItems != null || body.jobServices != null;
    // Each step runs on the handle it is given: the request's two steps share one transaction's.
    const setStatus = async (on: Db) =>
      (await runMutation(c, { ...deps, db: on }, 'setJobCardStatus', { id, status: body.status, changeId: newRecordId() }, { keySuffix: edits ? '#status' : '' })) as SyncedRow;

    if (statusGiven && !edits) {
      const moved = await setStatus(db);
      const current = (await findLiveJob(db, id)) ?? moved;
      return c.json({ success: true, message: `Job Card status updated to ${moved.status}!`, jobCard: await jobCardWithLines(db, current) });
    }

    const update = updateArgsFromBody(job, (await liveLinesOf(db, [id])).get(id) ?? [], body);
    const target = statusGiven ? normalizeJobStatus(body.status) : null;
    const edit = update ? async (on: Db) => runMutation(c, { ...deps, db: on }, 'updateJobCard', update) : null;
    // The status it already has is no move; an unreadable one goes to the mutation, which refuses it.
    const move = statusGiven && target !== job.status ? setStatus : null;
    const steps = (job.status === 'Finished' && target === 'Open' ? [move, edit] : [edit, move]).filter((step) => step !== null);
    if (steps.length > 1)
      await inTransaction(db, async (tx) => {
        for (const step of steps) await step(tx);
      });
    else await steps[0]?.(db);
    const current = await findLiveJob(db, id);
    if (!current) throw notFound(notFoundMessage);
    return c.json({ success: true, message: 'Job Card updated successfully!', jobCard: await jobCardWithLines(db, current) });
  });

  app.delete('/:id', async (c) => {
    await runMutation(c, deps, 'deleteJobCard', { id: c.req.param('id') });
    return c.json({ success: true, message: 'Job Card deleted successfully!' });
  });

  return app;
}
