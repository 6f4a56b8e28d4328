import type { SyncedTable } from '@shared/sync/tables';

/**
 * What a deleted row tells a device: which record, that it is gone, and at which version. A device
 * drops the record on it (sync-engine applyPage) and keeps nothing of it, so nothing else travels:
 * a deleted customer's name, phone, address and vehicles stay off every new device (issue 24, 13).
 */
export function tombstoneOf(row: { id: string; version: number }): { id: string; version: number; deleted: true } {
  return { id: row.id, version: row.version, deleted: true };
}

/**
 * The personal data a delete erases from the server's own row too (decisions.md, Deleted customers):
 * a tombstone must stay, for the devices that still hold the record, but it keeps no one's details.
 * Each value is the column's empty value (the columns are NOT NULL). What the shop's records copied
 * at the time (an invoice's or a job card's customer name and phone) stays with them.
 */
export const erasedOnDelete: Partial<Record<SyncedTable, Record<string, unknown>>> = {
  customers: { customerName: '', contactPerson: '', email: '', phone: '', address: '', city: '', vehicles: [] },
};

/** A row as an answer shows it: a tombstone as tombstoneOf, any other value as it is. */
export function answerOf(value: unknown): unknown {
  const row = value as { id?: unknown; version?: unknown; deleted?: unknown } | null;
  if (row && typeof row === 'object' && row.deleted === true && typeof row.id === 'string' && typeof row.version === 'number') {
    return tombstoneOf({ id: row.id, version: row.version });
  }
  return value;
}
