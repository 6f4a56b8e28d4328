import { conflict } from '@server/http/errors';
import { categories } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { assertBarcodeFree } from '../entity-rules';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { quickItemFields } from '@shared/domain/quick-item';
import { toCents } from '@shared/domain/money';

/**
 * The job card's 'Create & Add' (spec 7): a name and a price from the caller; everything else is
 * the server's (decisions: barcode = name, stock 0, cost 0, the default category).
 */
export async function quickCreateItem(tx: MutationTx, args: MutationArgs<'quickCreateItem'>) {
  if (await tx.find('items', args.id)) throw conflict('This item already exists.');
  const live = await tx.db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.deleted, false)).all();
  const fields = quickItemFields(args.itemName, toCents(args.unitPrice), live);
  await assertBarcodeFree(tx, fields.barcode, args.id);
  await tx.insert('items', { ...fields, id: args.id });
  return (await tx.find('items', args.id))!;
}
