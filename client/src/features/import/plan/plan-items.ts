import { createItemSchema, itemMessages } from '@shared/schemas/item';
import { bounds } from '@shared/schemas/numbers';
import { openingMovementId } from '@shared/mutations/items';
import { createCategorySchema } from '@shared/schemas/category';
import { parseWarrantyMonths } from '@shared/domain/warranty';
import { toCents } from '@shared/domain/money';
import { toHundredths } from '@shared/domain/quantity';
import { readTextCell } from '@shared/import/read-cells';
import { editPatch } from '@/sync/edit-patch';
import { ValidationError } from '@/sync/validation-error';
import { nameKey } from './keys';
import { RowProblems } from './row-problems';
import { emptyTally, type CreateStep, type FileRow, type ImportPlan, type PlanStep } from './plan-types';

export interface ShopItem {
  id: string;
  itemName: string;
  barcode: string;
  categoryId: string | null;
  unitPriceCents: number;
  costPriceCents?: number;
  reorderLevel: number;
  description: string;
  warrantyMonths: number;
  stockHundredths: number;
}

export interface ShopCategory {
  id: string;
  name: string;
  description: string;
}

export interface ShopCatalog {
  items: readonly ShopItem[];
  categories: readonly ShopCategory[];
}

/** The same as the item form's barcode limit (shared/schemas/item.ts). */
const barcodeMax = 50;
export const barcodeTakenMessage = 'This barcode is already used by another item.';

/** A schema path's column: the item's fields are the columns' keys, warranty months the Warranty column. */
const columnOf = (path: readonly PropertyKey[]) => (path[0] === 'warrantyMonths' ? 'warranty' : path.length ? String(path[0]) : undefined);

interface CategoryPlan {
  id: string;
  step?: CreateStep | PlanStep;
  description?: string;
  describedOn?: number;
  /** The shop's, or null when the file makes it. */
  stored: ShopCategory | null;
  written: boolean;
  args?: Record<string, unknown>;
}

export const openingBelowZeroNote = 'Opening stock below zero (imported)';

/**
 * A new item's opening stock below zero: one adjustment under the opening movement's id (an item
 * made at 0 has no opening movement), so an undo still sees the item as unused since the import.
 */
function belowZeroStep(itemId: string, quantity: number, row: number): CreateStep {
  const id = openingMovementId(itemId);
  return { op: 'create', table: 'stockMovements', id, name: 'adjustStock', rows: [row], args: { id, itemId, quantity, reason: 'adjustment', note: openingBelowZeroNote } };
}

/**
 * The dry run of an items file (issue 43, point 4): each row checked by the item form's rules in
 * its order; the category found by name in the shop (any case) or made once, before its first item;
 * the item found by barcode, else by name, and made with its opening stock, updated, or left alone.
 * The stock of an item the shop has is never changed by an import: it moves only by movements, and
 * a second import of the same file after a day of sales must not put the morning's stock back.
 */
export function planItems(rows: readonly FileRow[], shop: ShopCatalog, newId: () => string): ImportPlan {
  const problems = new RowProblems('items');
  const byBarcode = new Map(shop.items.map((item) => [item.barcode, item]));
  const byName = new Map<string, ShopItem[]>();
  for (const item of shop.items) byName.set(nameKey(item.itemName), [...(byName.get(nameKey(item.itemName)) ?? []), item]);
  const shopCategories = new Map(shop.categories.map((category) => [nameKey(category.name), category]));
  const categories = new Map<string, CategoryPlan>();
  const itemKeys = new Map<string, number>();
  const barcodesMade = new Map<string, number>();
  const steps: PlanStep[] = [];
  const tallies = { categories: emptyTally(), items: emptyTally() };
  let itemTotal = 0;
  let stockValueCents = 0;

  for (const { row, cells } of rows) {
    const itemName = readTextCell(cells.itemName);
    const givenBarcode = readTextCell(cells.barcode);
    const categoryName = readTextCell(cells.category);
    const categoryDescription = readTextCell(cells.categoryDescription);
    const description = readTextCell(cells.description);
    const warranty = readTextCell(cells.warranty);
    const barcode = givenBarcode ?? itemName ?? '';
    if (!givenBarcode && itemName && itemName.length > barcodeMax) {
      problems.add(row, 'barcode', `Give this item a barcode: its name is longer than a barcode may be (${barcodeMax} characters).`);
      continue;
    }
    // Stock sold below zero (in the old program, or here: a whole-shop export) opens below zero,
    // not refused: the item is made at 0 and one movement takes it down (belowZeroStep).
    const belowZero = typeof cells.stockQuantity === 'number' && toHundredths(cells.stockQuantity) < 0 ? cells.stockQuantity : null;
    if (belowZero !== null && belowZero < -bounds.quantity.max) {
      problems.add(row, 'stockQuantity', itemMessages.tooLarge);
      continue;
    }
    const fields = {
      itemName: itemName ?? '',
      barcode,
      category: categoryName ? 'category' : '',
      unitPrice: cells.unitPrice ?? '',
      costPrice: cells.costPrice ?? '',
      stockQuantity: belowZero === null ? (cells.stockQuantity ?? 0) : 0,
      reorderLevel: cells.reorderLevel ?? 0,
      description: description ?? '',
      warrantyMonths: warranty === undefined ? 0 : parseWarrantyMonths(warranty),
    };
    const checked = createItemSchema.safeParse({ ...fields, id: 'check' });
    if (!checked.success) {
      problems.addIssue(row, checked.error, columnOf);
      continue;
    }

    // The category: one of the shop's, or one this file makes, described the same way on every row.
    const categoryKey = nameKey(categoryName!);
    let category = categories.get(categoryKey);
    if (category?.description !== undefined && categoryDescription !== undefined && nameKey(category.description) !== nameKey(categoryDescription)) {
      problems.add(
        row,
        'categoryDescription',
        `Category ${categoryName} is described '${category.description}' on row ${category.describedOn} and '${categoryDescription}' here: write it the same way on each row.`,
      );
      continue;
    }
    if (!category) {
      const stored = shopCategories.get(categoryKey) ?? null;
      const args = { id: stored?.id ?? newId(), name: stored?.name ?? categoryName!, description: categoryDescription ?? stored?.description ?? '' };
      const parsed = createCategorySchema.safeParse(args);
      if (!parsed.success) {
        problems.addIssue(row, parsed.error, (path) => (path[0] === 'description' ? 'categoryDescription' : 'category'));
        continue;
      }
      category = { id: args.id, stored, written: false, args };
      categories.set(categoryKey, category);
    }
    if (categoryDescription !== undefined && category.description === undefined) {
      category.description = categoryDescription;
      category.describedOn = row;
    }

    // The item: one key a file, by barcode, else by name.
    const itemKey = givenBarcode ? `barcode:${givenBarcode}` : `name:${nameKey(itemName!)}`;
    const earlier = itemKeys.get(itemKey);
    if (earlier !== undefined) {
      problems.add(row, givenBarcode ? 'barcode' : 'itemName', givenBarcode ? `Barcode ${givenBarcode} is also on row ${earlier}.` : `Item ${itemName} is also on row ${earlier}.`);
      continue;
    }
    const named = givenBarcode ? [] : (byName.get(nameKey(itemName!)) ?? []);
    if (named.length > 1) {
      problems.add(row, 'barcode', `More than one item is named ${itemName}: give this row its barcode.`);
      continue;
    }
    const stored = givenBarcode ? byBarcode.get(givenBarcode) : named[0];
    if (!stored) {
      const madeOn = barcodesMade.get(barcode);
      if (madeOn !== undefined) {
        problems.add(row, 'barcode', `Barcode ${barcode} is also on row ${madeOn}.`);
        continue;
      }
      if (byBarcode.has(barcode)) {
        problems.add(row, 'barcode', barcodeTakenMessage);
        continue;
      }
    }
    itemKeys.set(itemKey, row);

    // Written: the category first when this row is its first, then the item.
    const writeCategory = () => {
      if (category.written) {
        if (category.step) (category.step.rows as number[]).push(row);
        return;
      }
      category.written = true;
      if (!category.stored) {
        category.step = { op: 'create', table: 'categories', id: category.id, name: 'createCategory', args: category.args!, rows: [row] };
        steps.push(category.step);
        tallies.categories.new++;
        return;
      }
      let patch: Record<string, unknown> | null = null;
      if (categoryDescription !== undefined)
        patch = editPatch('updateCategory', category.id, { description: categoryDescription }, category.stored as unknown as Record<string, unknown>);
      if (patch) {
        category.step = { op: 'update', table: 'categories', id: category.id, name: 'updateCategory', record: { description: categoryDescription }, rows: [row] };
        steps.push(category.step);
      }
      tallies.categories[patch ? 'update' : 'unchanged']++;
    };
    const catalog = {
      itemName,
      category: category.id,
      unitPrice: checked.data.unitPrice,
      costPrice: checked.data.costPrice,
      ...(cells.reorderLevel === undefined ? {} : { reorderLevel: checked.data.reorderLevel }),
      ...(description === undefined ? {} : { description }),
      ...(warranty === undefined ? {} : { warrantyMonths: fields.warrantyMonths }),
    };
    if (!stored) {
      writeCategory();
      const id = newId();
      steps.push({ op: 'create', table: 'items', id, name: 'createItem', rows: [row], args: { id, ...fields, category: category.id } });
      if (belowZero !== null) steps.push(belowZeroStep(id, belowZero, row));
      barcodesMade.set(barcode, row);
      tallies.items.new++;
    } else {
      let patch: Record<string, unknown> | null;
      try {
        patch = editPatch('updateItem', stored.id, catalog, stored as unknown as Record<string, unknown>);
      } catch (error) {
        problems.add(row, error instanceof ValidationError ? columnOf(error.field?.split('.') ?? []) : undefined, (error as Error).message);
        continue;
      }
      writeCategory();
      if (patch) steps.push({ op: 'update', table: 'items', id: stored.id, name: 'updateItem', record: catalog, rows: [row] });
      tallies.items[patch ? 'update' : 'unchanged']++;
    }
    itemTotal++;
    // Stock at cost as the shop counts it (worker/shop-totals.ts): what is on the shelf, none below zero.
    stockValueCents += Math.round((toHundredths(checked.data.stockQuantity) * toCents(checked.data.costPrice)) / 100);
  }
  return { steps, tallies, problems: problems.list(), totals: { items: itemTotal, stockValueCents } };
}
