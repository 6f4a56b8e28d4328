import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { companyId } from '@shared/schemas/company';
import { taxSettingOf, type TaxSetting } from '@shared/domain/tax-setting';

/** The company's tax setting in force now (decisions.md: default 0 %, prices including tax). */
export function useTaxSetting(): TaxSetting {
  const company = useLiveQuery(() => db.company.get(companyId), []);
  const { taxRatePercent, pricesIncludeTax } = taxSettingOf(company);
  // The same object while the setting stays, so memos and effects that depend on it do not rerun on every render.
  return useMemo(() => ({ taxRatePercent, pricesIncludeTax }), [taxRatePercent, pricesIncludeTax]);
}

/** Whether the shop rounds cash sales to the rupee (issue 47; shared/domain/cash-rounding.ts). */
export function useRoundCash(): boolean {
  return !!useLiveQuery(() => db.company.get(companyId), [])?.roundCash;
}
