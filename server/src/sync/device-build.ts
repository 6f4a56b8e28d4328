import { HttpError, badRequest } from '../http/errors';
import { isSyncedTable, type SyncedTable } from '@shared/sync/tables';
import { maxPullTables, minimumSyncProtocol, updateRequiredMessage, updateRequiredStatus } from '@shared/sync/protocol';
import type { DeviceTables } from './pull';

// What a device's request says of its build (shared/sync/protocol.ts): its protocol, and for a pull
// the tables it stores. Checked before anything is read or written.

/** A request's protocol (absent: 1, the builds before it was sent); one below the server's minimum is told to update. */
export function deviceProtocol(value: string | number | undefined, minimum = minimumSyncProtocol): number {
  const protocol = value === undefined || value === '' ? 1 : Number(value);
  if (!Number.isInteger(protocol) || protocol < 1 || protocol > 1_000_000) throw badRequest('protocol must be a whole number from 1.');
  if (protocol < minimum) throw new HttpError(updateRequiredStatus, updateRequiredMessage);
  return protocol;
}

const tableName = /^[A-Za-z]\w{0,63}$/;

/** A comma-separated list of table names; those this server does not know are left out (a newer build names them). */
function knownTables(value: string, what: string): SyncedTable[] {
  const names = value.split(',');
  if (names.length > maxPullTables || names.some((name) => !tableName.test(name))) {
    throw badRequest(`${what} must be a comma-separated list of at most ${maxPullTables} table names.`);
  }
  return names.filter(isSyncedTable);
}

/**
 * The tables a pull may answer: those it names (`tables`) that this server knows, and those among
 * them it is pulling from the beginning (`catchup`). Undefined for a pull that names none: a protocol
 * 1 build, answered protocol 1's tables (sync/pull.ts).
 */
export function deviceTables(tables: string | undefined, catchUp: string | undefined): DeviceTables | undefined {
  if (tables === undefined) return undefined;
  const stored = knownTables(tables, 'tables');
  if (catchUp === undefined) return { tables: stored };
  return { tables: stored, catchUp: knownTables(catchUp, 'catchup').filter((table) => stored.includes(table)) };
}
