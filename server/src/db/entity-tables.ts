import type { EntityName, RowOf } from '@shared/entities';
import { syncedTableObjects } from './schema';

/**
 * The server's drizzle table of each entity (schema.ts) must store exactly the entity's row
 * (shared/entities): checked here at compile time, so a column added on one side only does not
 * build (the SQL table names are compared in server/test/entity-tables.test.ts). The declaration's row type stays a plain TypeScript type, free of SQLite's column types, so
 * a PostgreSQL table can be checked against it the same way.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Stored<T extends EntityName> = (typeof syncedTableObjects)[T]['$inferSelect'];
// Fields a device may lack (a column its role does not read; a setting saved before it existed) are
// optional in the row type and always stored by the server.
type RowsAgree = { [T in EntityName]: Same<Stored<T>, Required<RowOf<T>>> };
// A `false` here names the table whose drizzle columns and entity row disagree.
const rowsAgree: { [T in EntityName]: true } = null as unknown as RowsAgree;
void rowsAgree;

// And the other way: a table listed as synced with no entity declared for it would be stored and never
// pulled by a device. A `false` here: declare the entity (shared/entities/index.ts) or unlist the table.
type Undeclared = Exclude<keyof typeof syncedTableObjects, EntityName>;
const everyTableDeclared: [Undeclared] extends [never] ? true : false = true;
void everyTableDeclared;
