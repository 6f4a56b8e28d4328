import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/instance';
import { companyId } from '../../../../../shared/schemas/company';
import type { TaxSetting } from '../../../../../shared/domain/sales';

/** The company's tax setting in force now (decisions.md: default 0 %, prices including tax). */
export function useTaxSetting(): TaxSetting {
  const company = useLiveQuery(() => db.company.get(companyId), []);
  return {
    taxRatePercent: Number(company?.taxRatePercent ?? 0),
    pricesIncludeTax: company?.pricesIncludeTax === undefined ? true : !!company.pricesIncludeTax,
  };
}
