import type { CompanyRow } from '../schemas/company';
import { defineEntity, sameFields } from './define-entity';

export const companyEntity = defineEntity<CompanyRow>()({
  name: 'company',
  sqlName: 'company',
  priority: true,
  fields: sameFields('name', 'email', 'phone', 'address', 'footer', 'logoUrl', 'taxRatePercent', 'pricesIncludeTax', 'receiptLayout'),
  deviceIndexes: 'id',
});
