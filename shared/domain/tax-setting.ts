/** A company's tax setting as a sale carries it (decisions.md, Tax). */
export interface TaxSetting {
  taxRatePercent: number;
  pricesIncludeTax: boolean;
}

/** What a shop that never saved its details charges. */
export const defaultTaxSetting: TaxSetting = { taxRatePercent: 0, pricesIncludeTax: true };

/**
 * The setting in force on the device: the company record's, or the default for a shop that never
 * saved its details (the register, and the job sheet's estimate, which must come to the invoice's total).
 */
export function taxSettingOf(company: { taxRatePercent?: unknown; pricesIncludeTax?: unknown } | null | undefined): TaxSetting {
  return {
    taxRatePercent: Number(company?.taxRatePercent ?? defaultTaxSetting.taxRatePercent),
    pricesIncludeTax: company?.pricesIncludeTax === undefined ? defaultTaxSetting.pricesIncludeTax : !!company.pricesIncludeTax,
  };
}

/** Two settings tax every sale alike: at 0 % whether prices include it changes nothing. */
export function sameTaxSetting(a: TaxSetting, b: TaxSetting): boolean {
  if (Math.abs(a.taxRatePercent - b.taxRatePercent) > 1e-9) return false;
  return a.taxRatePercent === 0 || a.pricesIncludeTax === b.pricesIncludeTax;
}

/** '10 % added to prices', '8 % included in prices', 'no tax'. */
export function describeTaxSetting({ taxRatePercent, pricesIncludeTax }: TaxSetting): string {
  if (taxRatePercent === 0) return 'no tax';
  return `${taxRatePercent} % ${pricesIncludeTax ? 'included in prices' : 'added to prices'}`;
}

export const taxMessages = {
  /** Over REST: the sale is refused. */
  notInForce: (sent: TaxSetting, inForce: TaxSetting) =>
    `The sale's tax (${describeTaxSetting(sent)}) is not the shop's tax setting (${describeTaxSetting(inForce)}). Nothing was saved.`,
};
