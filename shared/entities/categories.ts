import type { CategoryRow } from '../schemas/category';
import { lowerSortKey } from '../domain/search-tokens';
import { defineEntity, sameFields } from './define-entity';

export const categoriesEntity = defineEntity<CategoryRow>()({
  name: 'categories',
  sqlName: 'categories',
  priority: true,
  problemForm: { noun: 'Category' },
  fields: sameFields('name', 'description'),
  search: { words: (row) => [row.name, row.description] },
  sortKey: (row) => lowerSortKey(row.name),
  deviceIndexes: 'id, name, *searchWords, sortKey',
  names: { record: (row) => row.name, fields: { name: 'Category Name', description: 'Description' } },
  rest: {
    read: 'viewCatalog',
    one: 'category',
    many: 'categories',
    messages: { created: 'Category added successfully!', updated: 'Category updated successfully!', deleted: 'Category deleted successfully!' },
    orderBy: 'name',
  },
});
