import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { AuthUser } from '../auth/tokens';
import { tableOf } from '../mutations/mutation-tx';
import { registerOfClient } from '../sales/device-code';
import { isDevice } from './device-keys';
import { restrictedRows, rowRuleOf, type Reader } from '@shared/sync/read-scope';
import { can } from '@shared/domain/permissions';
import type { SyncedTable } from '@shared/sync/tables';

/**
 * Who reads an answer (shared/sync/read-scope.ts): the session's user and role, and the register
 * of the device the request names (`clientId`). The register is the one this server gave that
 * device, never one the request claims; a request that names none (REST) reads as no register.
 */
export async function readerOf(db: Db, user: Pick<AuthUser, 'id' | 'role'>, clientId?: string | null, deviceKey?: string): Promise<Reader> {
  // Only a reader who reads part of a register's cash needs its register looked up; a request that
  // names a register without its key reads as no register (sync/device-keys.ts).
  const readsAll = Object.values(restrictedRows).every((rows) => can(user.role, rows.readAll));
  return { role: user.role, userId: user.id, register: readsAll || !(await isDevice(db, clientId, deviceKey)) ? '' : await registerOfClient(db, clientId) };
}

/** `rowRuleOf` in SQL, for a REST list's WHERE: undefined when the reader reads every row. */
export function rowsReadBy(reader: Reader, table: SyncedTable): SQL | undefined {
  const rule = rowRuleOf(reader, table);
  if (rule === null) return undefined;
  const columns = tableOf(table) as unknown as Record<string, Parameters<typeof eq>[0]>;
  return or(...rule.map(([column, value]) => eq(columns[column]!, value))) ?? sql`0 = 1`;
}
