import { Hono } from 'hono';
import { and, asc, eq, getTableColumns, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AppDeps, AppEnv } from '../http/context';
import { readJson } from '../http/errors';
import { containsPattern, likeEscaped } from '../http/query-params';
import { runMutation, withId } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { tableOf } from '../mutations/mutation-tx';
import type { EntityRest } from '@shared/entities/define-entity';
import type { SyncedRow, SyncedTable } from '@shared/sync/tables';
import type { EntityKind } from '@shared/mutations/define';
import { mutationDefs, type MutationName } from '@shared/mutations/definitions';
import { entities } from '@shared/entities';
import { plainToApi, type AnyPlainEntity } from '@shared/entities/plain-entity';

/** A plain entity as its routes need it: its declaration's name, REST shape and fields (the answers' shape). */
type RoutedEntity = AnyPlainEntity & { name: SyncedTable; rest?: EntityRest<never> };

/** The entities whose declarations give them REST routes, each mounted at `/api/<its list's key>` (server/src/app.ts). */
export const restEntities = (Object.values(entities) as unknown as RoutedEntity[]).filter((entity) => 'plain' in entity && entity.rest !== undefined);

/** The generic mutation of this kind on this table (shared/mutations, `entityMutations`): the one the route runs. */
export function entityMutationOf(table: SyncedTable, kind: EntityKind): MutationName {
  const found = (Object.keys(mutationDefs) as MutationName[]).find((name) => {
    const { entity } = mutationDefs[name] as { entity?: { table: SyncedTable; kind: EntityKind } };
    return entity?.table === table && entity.kind === kind;
  });
  if (!found) throw new Error(`No generic ${kind} mutation for ${table}: its REST routes cannot be made.`);
  return found;
}

/**
 * The spec's REST routes of a plain entity, made from its declaration (shared/entities: `rest`):
 * `GET /` lists the live rows in the declared order, `GET /search?term=` (when the entity declares
 * `searchBy`) matches those fields anywhere, ignoring case; `POST /`, `PUT /:id` and `DELETE /:id`
 * run the entity's generic create, update and delete mutations, so a REST write is checked, applied
 * exactly once (Idempotency-Key) and synced as a device's would be. The answers' shape comes from the
 * declaration too (plainToApi: each field under its own name, money in rupees).
 */
export function entityRoutes(deps: AppDeps, entity: RoutedEntity) {
  const { rest } = entity;
  const toApi = (row: SyncedRow) => plainToApi(entity, row);
  if (!rest) throw new Error(`${entity.name} declares no REST routes.`);
  const table = tableOf(entity.name);
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const column = (field: string) => {
    const found = columns[field];
    if (!found) throw new Error(`${entity.name} has no column ${field}.`);
    return found;
  };
  const orderBy = column(rest.orderBy);
  const searched = (rest.searchBy ?? []).map(column);
  const deleted = column('deleted');
  const [create, update, remove] = (['create', 'update', 'delete'] as const).map((kind) => entityMutationOf(entity.name, kind));
  const app = new Hono<AppEnv>();

  const list = async (term: string) => {
    const pattern = containsPattern(term);
    const matches: SQL | undefined = term ? or(...searched.map((field) => likeEscaped(field, pattern))) : undefined;
    const rows = await deps.db
      .select()
      .from(table)
      .where(and(eq(deleted, false), matches))
      .orderBy(asc(orderBy))
      .all();
    return (rows as SyncedRow[]).map(toApi);
  };

  app.get('/', requirePermission(rest.read), async (c) => c.json({ success: true, [rest.many]: await list('') }));

  if (searched.length > 0) {
    app.get('/search', requirePermission(rest.read), async (c) => c.json({ success: true, [rest.many]: await list(c.req.query('term')?.trim() ?? '') }));
  }

  app.post('/', async (c) => {
    const row = (await runMutation(c, deps, create!, withId(await readJson(c)))) as SyncedRow;
    return c.json({ success: true, message: rest.messages.created, [rest.one]: toApi(row) }, 201);
  });

  app.put('/:id', async (c) => {
    const row = (await runMutation(c, deps, update!, withId(await readJson(c), c.req.param('id')))) as SyncedRow;
    return c.json({ success: true, message: rest.messages.updated, [rest.one]: toApi(row) });
  });

  app.delete('/:id', async (c) => {
    await runMutation(c, deps, remove!, { id: c.req.param('id') });
    return c.json({ success: true, message: rest.messages.deleted });
  });

  return app;
}
