import type { ServiceRow } from '../schemas/service';
import { toCents } from '../domain/money';
import { lowerSortKey } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

export const servicesEntity = defineEntity<ServiceRow>()({
  name: 'services',
  sqlName: 'services',
  priority: true,
  fields: { name: { from: 'name' }, priceCents: { from: 'price', convert: (value) => toCents(Number(value)) } },
  search: { words: (row) => [row.serviceId, row.name] },
  sortKey: (row) => lowerSortKey(row.name),
  deviceIndexes: 'id, serviceId, name, *searchWords, sortKey',
  names: { record: (row) => row.name, fields: { name: 'Service Name', priceCents: 'Price' } },
});
