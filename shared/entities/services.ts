import { definePlainEntity } from './plain-entity';
import { moneyFieldOf, optionalWholeField, requiredText, serverText } from './plain-fields';

/** A service the shop sells (spec 5.5): each field once; everything else is derived (plain-entity.ts). */
export const servicesEntity = definePlainEntity({
  name: 'services',
  sqlName: 'services',
  priority: true,
  permissions: { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  problemForm: { noun: 'Service' },
  fields: {
    name: requiredText('Service Name', 100, { search: 'words', index: true, example: 'Wheel alignment', placeholder: 'e.g., Oil Change' }),
    price: moneyFieldOf('Price', 'priceCents', { example: 2500 }),
    // Its service interval (issue 45): due again after this many months or km, whichever comes first.
    intervalMonths: optionalWholeField('Interval (months)', 1, 120, { example: 6, placeholder: 'e.g., 6' }),
    intervalKm: optionalWholeField('Interval (km)', 100, 1_000_000, { example: 5000, placeholder: 'e.g., 5000' }),
  },
  // The readable SRV-0001, given by the server inside the create (server/src/mutations/entity-rules.ts).
  serverFields: { serviceId: serverText('Service ID', { search: 'words', index: true }) },
  title: 'name',
  rest: {
    read: 'viewCatalog',
    one: 'service',
    many: 'services',
    messages: { created: 'Service created', updated: 'Service updated', deleted: 'Service deleted' },
    orderBy: 'serviceId',
    searchBy: ['serviceId', 'name'],
  },
});
