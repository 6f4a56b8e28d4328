import { conflict, notFound } from '../http/errors';
import { entityRules } from './entity-rules';
import { laterEditWins } from './later-edit-wins';
import type { MutationTx } from './mutation-tx';
import type { MutationDef } from '@shared/mutations/define';
import type { SyncedRow } from '@shared/sync/tables';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';

type EntityArgs = { id: string } & Record<string, unknown>;

/**
 * The server apply of a generic create/update/delete/upsert of one row (a definition made by
 * entityMutations): answers the stored row. Returns a function so the registry can name it once.
 */
export function applyEntity(def: Pick<MutationDef<unknown>, 'name' | 'entity'>) {
  const { table, kind } = def.entity!;
  const label = def.name.replace(/^(create|update|delete|save)/, '');
  const rules = entityRules[table] ?? {};

  return async (tx: MutationTx, args: EntityArgs): Promise<SyncedRow> => {
    const existing = await tx.find(table, args.id);
    const given = fieldsFromArgs(table, args);
    const fields = rules.prepareFields ? await rules.prepareFields(tx, given) : given;
    const isLive = !!existing && !existing.deleted;

    if (kind === 'create' || (kind === 'upsert' && !isLive)) {
      if (kind === 'create' && existing) throw conflict(`This ${label.toLowerCase()} already exists.`);
      let row: Record<string, unknown> = { ...fields, id: args.id };
      row = { ...row, ...(await rules.assignOnCreate?.(tx, row)) };
      await rules.beforeWrite?.(tx, row, 'create');
      if (existing) await tx.update(table, args.id, { ...row, deleted: false });
      else await tx.insert(table, row as EntityArgs);
    } else if (kind === 'update' || kind === 'upsert') {
      if (!isLive) throw notFound(`${label} not found. It may have been deleted.`);
      // An edit that changes nothing writes nothing: devices would pull a change that is not one.
      // Of two edits of one field, the later one stands, whatever order they arrive in.
      const kept = Object.keys(fields).length === 0 ? {} : await laterEditWins(tx, table, existing, fields);
      if (Object.keys(kept).length > 0) {
        await rules.beforeWrite?.(tx, { ...existing, ...kept }, 'update');
        await tx.update(table, args.id, kept);
      }
    } else {
      if (!existing) throw notFound(`${label} not found.`);
      // Deleting what another device already deleted is not a conflict: the outcome is the same.
      if (!existing.deleted) await tx.tombstone(table, args.id);
    }
    const stored = (await tx.find(table, args.id))!;
    await rules.afterApply?.(tx, existing, stored);
    return stored;
  };
}
