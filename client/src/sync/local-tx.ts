import type { GarageDb } from '../db/db';
import { syncedTable } from '../db/db';
import type { SyncedRow, SyncedTable } from '@shared/sync/tables';
import type { Role } from '@shared/domain/permissions';
import { notYetReceived, type Occurred } from '@shared/domain/device-time';

/** Who makes a change on this device: its outbox entry carries them, and only their session sends it. */
export interface Author {
  id: string;
  name: string;
  role: Role;
  /** Their key for signing the changes they make here (sync/sign-entry.ts); absent: unsigned. */
  signingKey?: string;
}

/**
 * What a mutation's optimistic apply gets: writes to the device's mirror inside the Dexie
 * transaction that also queues the mutation. Rows it writes carry version 0 (not yet the server's)
 * until a pull brings the server's.
 */
export class LocalTx {
  constructor(
    readonly db: GarageDb,
    readonly mutationId: string,
    readonly author: Author,
    /** When it happens, in the server's clock as this device last measured it (sync/device-clock.ts): the server records the same. */
    readonly now = new Date().toISOString(),
    /** This register's device code ('' before it has one): the server records the same for this device. */
    readonly register = '',
  ) {}

  /** When and where a fact happened, as the server will record it: now in its clock, at this register, not yet received. */
  get occurred(): Occurred {
    return { at: this.now, ...notYetReceived, register: this.register };
  }

  get(table: SyncedTable, id: string): Promise<SyncedRow | undefined> {
    return syncedTable(this.db, table).get(id);
  }

  async put(table: SyncedTable, row: { id: string } & Record<string, unknown>): Promise<void> {
    await syncedTable(this.db, table).put({ version: 0, ...row, deleted: false, updatedAt: this.now } as SyncedRow);
  }

  async patch(table: SyncedTable, id: string, fields: Record<string, unknown>): Promise<void> {
    await syncedTable(this.db, table).update(id, { ...fields, updatedAt: this.now });
  }

  async remove(table: SyncedTable, id: string): Promise<void> {
    await syncedTable(this.db, table).delete(id);
  }
}
