import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { taxSettingAt, taxSettingsAround } from '@server/sales/tax-history';
import { describeTaxSetting, sameTaxSetting, taxMessages, type TaxSetting } from '@shared/domain/tax-setting';
import { saleReviewReasons } from '@shared/domain/sale-review';

/**
 * A sale's tax must be the shop's setting in force when it was made (issue 24, point 8). Over REST
 * nothing has been handed over yet: another setting is refused. A register's pushed sale was printed
 * and paid: it stands as it was sold, and is reviewed unless its setting was in force then or shortly
 * before (a register offline across a change sells with the one it knew: tax-history.ts).
 * Returns the review reason, or null when there is nothing to review.
 */
export async function saleTaxReview(tx: MutationTx, sent: TaxSetting): Promise<string | null> {
  // One indexed read for nearly every sale: its setting is the one in force.
  const inForce = await taxSettingAt(tx.db, tx.happenedAt);
  if (sameTaxSetting(sent, inForce)) return null;
  if (!tx.fromDevice) throw badRequest(taxMessages.notInForce(sent, inForce));
  if ((await taxSettingsAround(tx.db, tx.happenedAt)).some((setting) => sameTaxSetting(sent, setting))) return null;
  return saleReviewReasons.taxNotInForce(describeTaxSetting(sent), describeTaxSetting(inForce));
}
