import type { GarageDb, ImportRun } from '@/db/db';
import { BatchCallError, runLocalMutations, type Author, type LocalCall } from '@/sync/local-mutation';
import { editPatch } from '@/sync/edit-patch';
import { newRecordId } from '@shared/sync/record-id';
import type { ImportKind } from '@shared/import/columns';
import { updateInputOf } from '../plan/plan-import';
import type { ImportPlan, PlanStep, RowProblem } from '../plan/plan-types';

/** Steps a transaction: measured in Chromium (scripts/bench import section); fewer cost a transaction's overhead, more hold other writers of the tables longer. */
export const applyBatchSize = 250;

export interface ApplyProgress {
  /** Steps done of the plan's, and the file's rows they wrote. */
  done: number;
  total: number;
  rowsDone: number;
}

export interface ApplyOptions {
  importId: string;
  batchSize?: number;
  /** Asked before each batch: the user's Stop. What was written stays. */
  shouldStop?: () => boolean;
  onProgress?: (progress: ApplyProgress) => void;
}

export interface ApplyResult {
  /** Changes queued (an update that no longer changes anything is not one). */
  written: number;
  /** Steps the device refused as they were written (a record changed meanwhile), with their rows. */
  failed: RowProblem[];
  stopped: boolean;
}

/** The record of an import on this device, made before its first batch (ImportRun in db.ts). */
export async function startImportRun(db: GarageDb, author: Author, what: { kind: ImportKind; fileName: string; plan: ImportPlan }): Promise<ImportRun> {
  const run: ImportRun = {
    id: newRecordId(),
    kind: what.kind,
    fileName: what.fileName,
    userId: author.id,
    userName: author.name,
    startedAt: new Date().toISOString(),
    done: 0,
    total: what.plan.steps.length,
    rowsDone: 0,
    tallies: what.plan.tallies,
    totals: what.plan.totals as Record<string, number>,
  };
  await db.imports.add(run);
  return run;
}

/** A batch's steps as changes: creates as planned, updates made against the records as they are now. */
async function callsOf(db: GarageDb, steps: readonly PlanStep[]): Promise<(LocalCall | null)[]> {
  return Promise.all(
    steps.map(async (step) => {
      if (step.op === 'create') return { name: step.name, args: step.args };
      const current = (await db.table(step.table).get(step.id)) as Record<string, unknown> | undefined;
      if (!current) return null; // deleted meanwhile: nothing to update
      const patch = editPatch(step.name, step.id, updateInputOf(step, current), current);
      return patch ? { name: step.name, args: { ...patch, id: step.id } } : null;
    }),
  );
}

/**
 * Writes an import's plan through the normal operations (issue 43, point 5): each step a mutation,
 * a batch of them in one transaction with the import's record of what it made, so it works offline
 * and each change reaches the server once through the outbox. A step the device refuses (a record
 * changed since the dry run) is reported with its rows and the batch's other steps are written.
 * Stopped between batches, what was written stays; the same file imported again finishes it, as
 * its dry run finds those records made.
 */
export async function applyPlan(db: GarageDb, author: Author, plan: ImportPlan, options: ApplyOptions): Promise<ApplyResult> {
  const batchSize = options.batchSize ?? applyBatchSize;
  const result: ApplyResult = { written: 0, failed: [], stopped: false };
  const progress: ApplyProgress = { done: 0, total: plan.steps.length, rowsDone: 0 };
  // A row may be in two steps (an item's row makes its category too): counted once.
  const rowsDone = new Set<number>();
  for (let start = 0; start < plan.steps.length; start += batchSize) {
    if (options.shouldStop?.()) {
      result.stopped = true;
      return result;
    }
    const steps = plan.steps.slice(start, start + batchSize);
    let calls: (LocalCall | null)[];
    try {
      calls = await callsOf(db, steps);
    } catch {
      calls = await Promise.all(
        steps.map((step) =>
          callsOf(db, [step]).then(
            ([call]) => call!,
            (error: Error) => failure(step, error),
          ),
        ),
      );
    }
    for (const step of steps) if (step.table !== 'categories') for (const row of step.rows) rowsDone.add(row);
    const batchDone = { done: progress.done + steps.length, rowsDone: rowsDone.size };
    await writeSteps(db, author, options.importId, steps, calls, batchDone, result);
    Object.assign(progress, batchDone);
    options.onProgress?.({ ...progress });
  }
  await db.imports.update(options.importId, { finishedAt: new Date().toISOString() });
  return result;

  function failure(step: PlanStep, error: Error): null {
    result.failed.push(...step.rows.map((row) => ({ row, message: error.message })));
    return null;
  }
}

/** Writes a batch's changes; one the device refuses is left out with its rows, the rest written. */
async function writeSteps(
  db: GarageDb,
  author: Author,
  importId: string,
  steps: readonly PlanStep[],
  calls: readonly (LocalCall | null)[],
  done: Pick<ApplyProgress, 'done' | 'rowsDone'>,
  result: ApplyResult,
): Promise<void> {
  const writing = steps.flatMap((step, i) => (calls[i] ? [{ step, call: calls[i] }] : []));
  const refs = writing.filter(({ step }) => step.op === 'create').map(({ step }) => ({ table: step.table, id: step.id }));
  try {
    await runLocalMutations(
      db,
      author,
      writing.map(({ call }) => call),
      {
        tables: [db.imports, db.importedRecords],
        // Each step makes or edits its own record, reading no other's (a new item does not read its category).
        independent: true,
        write: async () => {
          if (refs.length) await db.importedRecords.add({ importId, refs });
          await db.imports.update(importId, done);
        },
      },
    );
    result.written += writing.length;
  } catch (error) {
    if (!(error instanceof BatchCallError)) throw error;
    const refused = writing[error.index]!.step;
    result.failed.push(...refused.rows.map((row) => ({ row, message: error.message })));
    // The others again, without it: those before it in one batch, those after it in another.
    const others = (from: number, to: number) => writing.slice(from, to);
    for (const part of [others(0, error.index), others(error.index + 1, writing.length)]) {
      if (part.length)
        await writeSteps(
          db,
          author,
          importId,
          part.map(({ step }) => step),
          part.map(({ call }) => call),
          done,
          result,
        );
    }
  }
}
