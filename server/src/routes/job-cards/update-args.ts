import { z } from 'zod';
import { parseOrThrow } from '@server/http/errors';
import { jobCardFieldsFromBody, linesFromBody } from './aliases';
import type { SyncedRow } from '@shared/sync/tables';
import { jobCardFields, jobLineChangeSchema } from '@shared/schemas/job-card';
import { toCents } from '@shared/domain/money';
import { toHundredths } from '@shared/domain/quantity';
import { newRecordId } from '@shared/sync/record-id';

const fieldsSchema = z.object(jobCardFields).partial();

type Body = Record<string, unknown>;

/**
 * A PUT body (the spec's full job card, or some of its fields) as one updateJobCard's arguments:
 * only the fields whose value differs from the job's, and, for each of jobItems and jobServices the
 * body carries, its lines diffed against the job's live lines of that kind: a line whose id the body
 * does not list is removed, a line without an id (or with one the job does not have) is added, a
 * listed line whose quantity, unit price or warranty differs is changed (its name and item stay).
 * Null when nothing would change. Values are checked here with the shared schema (400 with its
 * message), as the diff needs them read; the mutation checks them again.
 */
export function updateArgsFromBody(job: SyncedRow, storedLines: readonly SyncedRow[], body: Body, newId: () => string = newRecordId): Record<string, unknown> | null {
  const args: Record<string, unknown> = {};
  const fields = jobCardFieldsFromBody(body);
  const parsed = parseOrThrow(fieldsSchema, fields) as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (parsed[key] !== (job[key] ?? null)) args[key] = fields[key as keyof typeof fields];
  }

  const items = linesFromBody(body, 'item', newId);
  const services = linesFromBody(body, 'service', newId);
  if (items || services) {
    const stored = new Map(storedLines.map((line) => [line.id, line]));
    const listed = new Set<string>();
    const addLines: unknown[] = [];
    const changeLines: Record<string, unknown>[] = [];
    for (const line of [...(items ?? []), ...(services ?? [])]) {
      const raw = line && typeof line === 'object' ? (line as Body) : null;
      const id = typeof raw?.id === 'string' ? raw.id.trim() : undefined;
      const current = id === undefined ? undefined : stored.get(id);
      if (!raw || !current || id === undefined) {
        addLines.push(line);
        continue;
      }
      if (listed.has(id)) continue; // listed twice: the first one counts
      listed.add(id);
      const change = parseOrThrow(jobLineChangeSchema, { id, quantity: raw.quantity, unitPrice: raw.unitPrice, warranty: raw.warranty });
      const delta: Record<string, unknown> = {};
      if (change.quantity !== undefined && toHundredths(change.quantity) !== current.quantityHundredths) delta.quantity = change.quantity;
      if (change.unitPrice !== undefined && toCents(change.unitPrice) !== current.unitPriceCents) delta.unitPrice = change.unitPrice;
      if (change.warranty !== undefined && change.warranty !== current.warranty) delta.warranty = change.warranty;
      if (Object.keys(delta).length > 0) changeLines.push({ id, ...delta });
    }
    const kinds = new Set([...(items ? ['item'] : []), ...(services ? ['service'] : [])]);
    const removeLineIds = storedLines.filter((line) => kinds.has(String(line.kind)) && !listed.has(line.id)).map((line) => line.id);
    if (addLines.length) args.addLines = addLines;
    if (changeLines.length) args.changeLines = changeLines;
    if (removeLineIds.length) args.removeLineIds = removeLineIds;
  }
  return Object.keys(args).length > 0 ? { ...args, id: job.id } : null;
}
