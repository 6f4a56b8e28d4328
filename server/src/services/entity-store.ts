import { eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/connection';
import { syncedTableObjects } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { nextVersion } from '../sync/versions';
import type { SyncedRow, SyncedTable } from '../../../shared/sync/tables';
import { fieldsFromArgs } from '../../../shared/mutations/entity-fields';
import type { MutationDef } from '../../../shared/mutations/definitions';

/** Per-table rules the generic create/update/delete cannot know (uniqueness, numbers). */
export interface EntityHooks {
  /** Runs inside the transaction before the row is written; throw an HttpError to refuse. */
  beforeWrite?: (db: Db, row: Record<string, unknown>, kind: 'create' | 'update') => void;
  /** Fields only the server may set on create (readable numbers). */
  assignOnCreate?: (db: Db, row: Record<string, unknown>) => Record<string, unknown>;
}

const hooks: Partial<Record<SyncedTable, EntityHooks>> = {};

export function registerEntityHooks(table: SyncedTable, entityHooks: EntityHooks): void {
  hooks[table] = entityHooks;
}

// Drizzle's tables share the synced columns; the generic code sees them through this one cast.
function tableOf(table: SyncedTable) {
  return syncedTableObjects[table] as unknown as SQLiteTable & { id: Parameters<typeof eq>[0] };
}

export function findRow(db: Db, table: SyncedTable, id: string): SyncedRow | undefined {
  const t = tableOf(table);
  return db.select().from(t).where(eq(t.id, id)).get() as SyncedRow | undefined;
}

/** The live row (not a tombstone) as the server holds it, for a rejected device to restore. */
export function liveRow(db: Db, table: SyncedTable, id: string): SyncedRow | null {
  const row = findRow(db, table, id);
  return row && !row.deleted ? row : null;
}

/** Applies one create/update/delete inside the caller's transaction and returns the stored row. */
export function applyEntityMutation(db: Db, def: MutationDef, args: { id: string } & Record<string, unknown>): SyncedRow {
  const t = tableOf(def.table);
  const label = def.name.replace(/^(create|update|delete)/, '');
  const existing = findRow(db, def.table, args.id);
  const now = new Date().toISOString();
  const tableHooks = hooks[def.table] ?? {};

  if (def.kind === 'upsert' && (!existing || existing.deleted)) {
    const row: Record<string, unknown> = { ...fieldsFromArgs(def.table, args), id: args.id, deleted: false, updatedAt: now };
    tableHooks.beforeWrite?.(db, row, 'create');
    const version = nextVersion(db);
    if (existing) db.update(t).set({ ...row, version }).where(eq(t.id, args.id)).run();
    else db.insert(t).values({ ...row, version }).run();
  } else if (def.kind === 'create') {
    if (existing) throw conflict(`This ${label.toLowerCase()} already exists.`);
    let row: Record<string, unknown> = { ...fieldsFromArgs(def.table, args), id: args.id, deleted: false, updatedAt: now };
    row = { ...row, ...tableHooks.assignOnCreate?.(db, row) };
    tableHooks.beforeWrite?.(db, row, 'create');
    db.insert(t).values({ ...row, version: nextVersion(db) }).run();
  } else if (def.kind === 'update' || def.kind === 'upsert') {
    if (!existing || existing.deleted) throw notFound(`${label} not found. It may have been deleted.`);
    const patch = fieldsFromArgs(def.table, args);
    // An edit that changes nothing writes nothing: devices would pull a change that is not one.
    if (Object.keys(patch).length === 0) return existing;
    tableHooks.beforeWrite?.(db, { ...existing, ...patch }, 'update');
    db.update(t).set({ ...patch, updatedAt: now, version: nextVersion(db) }).where(eq(t.id, args.id)).run();
  } else {
    if (!existing) throw notFound(`${label} not found.`);
    // Deleting what another device already deleted is not a conflict: the outcome is the same.
    if (!existing.deleted) {
      db.update(t).set({ deleted: true, updatedAt: now, version: nextVersion(db) }).where(eq(t.id, args.id)).run();
    }
  }
  return findRow(db, def.table, args.id)!;
}
