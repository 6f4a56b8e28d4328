import { definePlainEntity } from './plain-entity';
import { optionalTextField, requiredText } from './plain-fields';

/** A category of items (spec 5.3): each field once; everything else is derived (plain-entity.ts). */
export const categoriesEntity = definePlainEntity({
  name: 'categories',
  sqlName: 'categories',
  priority: true,
  permissions: { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  problemForm: { noun: 'Category' },
  fields: {
    name: requiredText('Category Name', 50, { search: 'words', index: true, example: 'Filters' }),
    description: optionalTextField('Description', 200, { multiline: true, search: 'words', example: 'Oil, air and fuel filters' }),
  },
  title: 'name',
  rest: {
    read: 'viewCatalog',
    one: 'category',
    many: 'categories',
    messages: { created: 'Category added successfully!', updated: 'Category updated successfully!', deleted: 'Category deleted successfully!' },
    orderBy: 'name',
  },
});
