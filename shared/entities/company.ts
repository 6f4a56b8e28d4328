import type { CompanyRow } from '../schemas/company';
import { defineEntity, sameFields } from './define-entity';
import { messageLanguages, templateLabel, whatsappKinds, whatsappTemplateKey, whatsappTemplateKeys } from '../domain/whatsapp-templates';

export const companyEntity = defineEntity<CompanyRow>()({
  name: 'company',
  sqlName: 'company',
  priority: true,
  fields: sameFields(
    'name',
    'email',
    'phone',
    'address',
    'footer',
    'logoUrl',
    'taxRatePercent',
    'pricesIncludeTax',
    'receiptLayout',
    'expenseCategories',
    'vatNumber',
    'itemisedReceipt',
    'roundCash',
    ...whatsappTemplateKeys,
  ),
  deviceIndexes: 'id',
  names: {
    record: () => 'the company',
    fields: {
      name: 'Company Name',
      email: 'Email',
      phone: 'Phone',
      address: 'Address',
      footer: 'Footer',
      logoUrl: 'Logo',
      taxRatePercent: 'Tax Rate',
      pricesIncludeTax: 'Prices Include Tax',
      receiptLayout: 'Receipt Layout',
      expenseCategories: 'Expense Categories',
      vatNumber: 'VAT Number',
      itemisedReceipt: 'Itemised Receipt',
      roundCash: 'Round Cash Sales',
      ...Object.fromEntries(
        whatsappKinds.flatMap((kind) => messageLanguages.map((language) => [whatsappTemplateKey(kind, language), templateLabel(kind, language).replace(/^The /, '')])),
      ),
    },
  },
});
