/**
 * One declaration per synced entity (shared/entities/<entity>.ts). Everything that used to be a
 * hand-kept list per table is derived from these: the synced table names and their order, what a new
 * device pulls first, the mutation arguments → row fields map, the search words and sort key, the
 * device's indexes (checked against client/src/db/db.ts's newest version), the server's SQL table name
 * (checked against server/src/db/schema.ts at compile time: server/src/db/entity-tables.ts).
 */

import type { Permission } from '../domain/permissions';

/**
 * The fields an entity may derive on the device for its own indexes (its `deviceFields`), beside the
 * search words, sort key and local stamp every searchable row gets (client/src/db/db.ts's DeviceFields).
 */
export interface EntityDeviceFields {
  /** An item below zero: 2, below its reorder level: 1, else 0 (the bell's index: shared/domain/attention.ts). */
  needsStock?: number;
}

/** The columns every synced row has: a device-made id, the server's version and a tombstone flag. */
export interface SyncedColumns {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

/** Where a stored row field comes from in a mutation's arguments (API units: rupees), and how it converts. */
export interface FieldSource {
  from: string;
  convert?: (value: unknown) => unknown;
}
export type FieldMap = Record<string, FieldSource>;

/** Fields stored under the argument's own name, unconverted. */
export const sameFields = (...keys: string[]): FieldMap => Object.fromEntries(keys.map((key) => [key, { from: key }]));

/**
 * How a list finds and orders the entity's rows on the device (and the server's download search):
 * see shared/domain/search-words.ts.
 */
export interface EntitySearch<Row> {
  /** Values whose words, and whole value when short, a typed search matches. */
  words: (row: Row) => unknown[];
  /** Values people look up by their last digits (a phone's '4567', a plate's '1234'). */
  digits?: (row: Row) => unknown[];
  /** Words no typed search produces ('~finished'), so a list filters through the same index. */
  filters?: (row: Row) => string[];
}

export interface EntityNames<Row> {
  record: (row: Row) => string;
  fields: Partial<Record<keyof Row & string, string>>;
}

/**
 * The spec's REST routes of a plain entity: a list, and a create, an update and a delete through the
 * entity's generic mutations. server/src/routes/entity-routes.ts makes them from this.
 */
export interface EntityRest<Row> {
  /** Who may read the list. The writes are checked by their mutations' permissions. */
  read: Permission;
  /** The answers' keys for one record and for a list (`category`, `categories`). */
  one: string;
  many: string;
  /** The answers to a create, an update and a delete, in the spec's words. */
  messages: { created: string; updated: string; deleted: string };
  /** The field the list is ordered by, ascending. */
  orderBy: keyof Row & string;
  /** `GET …/search?term=` matches these fields anywhere, ignoring case; without them there is no search route. */
  searchBy?: readonly (keyof Row & string)[];
}

/**
 * A refused create or edit of the entity reopens in the entity's form (the problems list's Edit): its
 * mutations `create<noun>` and `update<noun>` (client/src/sync/problem-kinds.ts). The problem editor
 * (client/src/app/problem-editor.tsx) must have a form for every entity that declares one: a missing
 * one does not compile.
 */
export interface ProblemForm {
  /** The entity's name in its mutations' names: 'Category' for createCategory and updateCategory. */
  noun: string;
}

export interface Entity<Name extends string, Row extends SyncedColumns, Sql extends string = string, Form extends ProblemForm | undefined = ProblemForm | undefined> {
  /** The table's name on the device and in sync messages. */
  name: Name;
  /** The server's SQL table name. */
  sqlName: Sql;
  /** Pulled whole, first, by a new device (the catalogue and the customers: shared/sync/tables.ts). */
  priority: boolean;
  /** Which row fields a generic create/update mutation sets from its arguments; {} when only the entity's own operations write it. */
  fields: FieldMap;
  search?: EntitySearch<Row>;
  /** The key a list sorts by (lower-cased names, or newest first): stored on the device as sortKey. */
  sortKey?: (row: Row) => string;
  /**
   * Dexie's indexes of the device's newest schema. A change here needs a new `db.version()` in
   * client/src/db/db.ts (its migration); a test compares the two.
   */
  deviceIndexes: string;
  /**
   * Fields only the device stores, derived from the row on every write for an index of its own (an
   * item's `needsStock`, the bell's). Never synced; named in EntityDeviceFields.
   */
  deviceFields?: (row: Row) => EntityDeviceFields;
  /**
   * How a person names one of its records and the fields a generic edit sets, in messages such as
   * 'Your change to Ruwan Jayasinghe's City was replaced by a later change by Nimal Fernando'.
   */
  names?: EntityNames<Row>;
  /** The spec's plain REST routes, for an entity whose routes are plain. */
  rest?: EntityRest<Row>;
  problemForm?: Form;
  /** Never set: carries the row type for the typed device tables and the server's compile-time check. */
  readonly rowType?: Row;
}

/** `defineEntity<ItemRow>()({ … })`: the row type given, the name kept literal. */
export function defineEntity<Row extends SyncedColumns>() {
  return <const Name extends string, const Sql extends string, const Form extends ProblemForm | undefined = undefined>(
    entity: Entity<Name, Row, Sql, Form>,
  ): Entity<Name, Row, Sql, Form> => entity;
}
