import { and, desc, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { taxHistory } from '../db/schema';
import type { MutationTx } from '../mutations/mutation-tx';
import { defaultTaxSetting, sameTaxSetting, type TaxSetting } from '@shared/domain/tax-setting';

/**
 * How long after a change of the tax setting a register's sale may still carry the setting before
 * it: a register offline across the change (a day's outage, a tablet left in a drawer for the
 * weekend) sells with the one it knew. Beyond that the sale is still recorded, and reviewed.
 */
export const taxChangeGraceMs = 7 * 24 * 60 * 60 * 1000;

const settingOf = (row: { taxRatePercent: number; pricesIncludeTax: boolean }): TaxSetting => ({ taxRatePercent: row.taxRatePercent, pricesIncludeTax: row.pricesIncludeTax });

/** The setting in force at `at`: the last change at or before it, or the default of a shop that never saved one. */
export async function taxSettingAt(db: Db, at: string): Promise<TaxSetting> {
  const row = await db.select().from(taxHistory).where(lte(taxHistory.effectiveAt, at)).orderBy(desc(taxHistory.effectiveAt)).limit(1).get();
  return row ? settingOf(row) : defaultTaxSetting;
}

/** Every setting in force at some moment of the grace period before `at`. */
export async function taxSettingsAround(db: Db, at: string): Promise<TaxSetting[]> {
  const from = new Date(Date.parse(at) - taxChangeGraceMs).toISOString();
  const changes = await db
    .select()
    .from(taxHistory)
    .where(and(gt(taxHistory.effectiveAt, from), lte(taxHistory.effectiveAt, at)))
    .all();
  return [await taxSettingAt(db, from), ...changes.map(settingOf)];
}

/**
 * The company's save notes a change of its tax setting, at the time the change happened (a device's
 * edit made offline counts from when it was made). Called with the row about to be written.
 */
export async function noteTaxChange(tx: MutationTx, stored: Readonly<Record<string, unknown>> | undefined, row: Readonly<Record<string, unknown>>): Promise<void> {
  const before = stored && !stored.deleted ? settingOf(stored as unknown as TaxSetting) : defaultTaxSetting;
  // A first save that leaves the tax out is written with the table's defaults: the default setting.
  const after: TaxSetting = {
    taxRatePercent: typeof row.taxRatePercent === 'number' ? row.taxRatePercent : defaultTaxSetting.taxRatePercent,
    pricesIncludeTax: typeof row.pricesIncludeTax === 'boolean' ? row.pricesIncludeTax : defaultTaxSetting.pricesIncludeTax,
  };
  if (sameTaxSetting(before, after)) return;
  await tx.db
    .insert(taxHistory)
    .values({ id: tx.mutationId, ...after, effectiveAt: tx.happenedAt })
    .onConflictDoNothing()
    .run();
}
