import type { ServiceRow } from '../schemas/service';
import { toCents } from '../domain/money';
import { lowerSortKey } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

export const servicesEntity = defineEntity<ServiceRow>()({
  name: 'services',
  sqlName: 'services',
  priority: true,
  problemForm: { noun: 'Service' },
  fields: { name: { from: 'name' }, priceCents: { from: 'price', convert: (value) => toCents(Number(value)) } },
  search: { words: (row) => [row.serviceId, row.name] },
  sortKey: (row) => lowerSortKey(row.name),
  deviceIndexes: 'id, serviceId, name, *searchWords, sortKey',
  names: { record: (row) => row.name, fields: { name: 'Service Name', priceCents: 'Price' } },
  rest: {
    read: 'viewCatalog',
    one: 'service',
    many: 'services',
    messages: { created: 'Service created', updated: 'Service updated', deleted: 'Service deleted' },
    // The readable SRV-0001, given by the server inside the create (server/src/mutations/entity-rules.ts).
    orderBy: 'serviceId',
    searchBy: ['serviceId', 'name'],
  },
});
