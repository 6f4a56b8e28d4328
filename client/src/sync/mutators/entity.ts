import type { LocalTx } from '../local-tx';
import type { MutationDef } from '@shared/mutations/define';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';

type EntityArgs = { id: string } & Record<string, unknown>;

/** The optimistic apply of a generic create/update/delete/upsert; the server's row replaces it after a pull. */
export function applyEntityLocally(def: Pick<MutationDef<unknown>, 'entity'>) {
  const { table, kind } = def.entity!;
  return async (tx: LocalTx, args: EntityArgs): Promise<void> => {
    const fields = fieldsFromArgs(table, args);
    if (kind === 'create') await tx.put(table, { ...fields, id: args.id });
    else if (kind === 'update') await tx.patch(table, args.id, fields);
    else if (kind === 'upsert') await tx.put(table, { ...(await tx.get(table, args.id)), ...fields, id: args.id });
    else await tx.remove(table, args.id);
  };
}
