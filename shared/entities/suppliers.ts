import { definePlainEntity } from './plain-entity';
import { optionalEmailField, optionalPhoneField, optionalTextField, requiredText, wholeField } from './plain-fields';

/**
 * A supplier the shop orders parts from (issue 44): each field once; everything else is derived
 * (plain-entity.ts). Every role reads suppliers (Staff receive their deliveries); Admins and
 * Managers, who order and pay, add and edit them (`purchase`).
 */
export const suppliersEntity = definePlainEntity({
  name: 'suppliers',
  sqlName: 'suppliers',
  // Not needed to sell or to run a job: pulled with the history, not ahead of it.
  priority: false,
  permissions: { create: 'purchase', update: 'purchase', delete: 'purchase' },
  problemForm: { noun: 'Supplier' },
  fields: {
    name: requiredText('Supplier Name', 100, { search: 'words', index: true, example: 'Lanka Auto Parts', placeholder: 'e.g., Lanka Auto Parts' }),
    contactPerson: optionalTextField('Contact Person', 100, { search: 'words', example: 'Nimal Perera' }),
    // Searched by its last digits too, as customers' phones are ('4567' finds 0112344567).
    phone: optionalPhoneField('Phone', 30, { search: 'digits', example: '0112345678' }),
    email: optionalEmailField('Email', 254, { search: 'words', example: 'orders@lankaauto.lk' }),
    address: optionalTextField('Address', 300, { multiline: true, example: '12 Galle Road, Colombo 3' }),
    paymentTermsDays: wholeField('Payment Terms (days)', 0, 365, { example: 30 }),
    notes: optionalTextField('Notes', 500, { multiline: true }),
  },
  title: 'name',
  rest: {
    read: 'viewCatalog',
    one: 'supplier',
    many: 'suppliers',
    messages: { created: 'Supplier added', updated: 'Supplier updated', deleted: 'Supplier deleted' },
    orderBy: 'name',
    searchBy: ['name', 'contactPerson', 'phone', 'email'],
  },
});
