import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';
import { bounds, isBlank, numberField, strictNumber } from './numbers';
import { roundQuantity } from '../domain/quantity';
import { groupedWhole } from '../domain/grouped-number';
import { maxWarrantyMonths } from '../domain/warranty';

export const itemMessages = {
  required: 'Please fill in all required fields (Item Name, Barcode, Prices, Quantity, Category).',
  numbers: 'Price, Quantity, and Reorder Level must be numbers.',
  negative: 'Prices, Quantity, and Reorder Level cannot be negative.',
  tooLarge: `Prices must be at most ${groupedWhole(bounds.money.max)}; Quantity and Reorder Level at most ${groupedWhole(bounds.quantity.max)}.`,
} as const;

type NumberKey = 'unitPrice' | 'costPrice' | 'stockQuantity' | 'reorderLevel';
const maxOf: Record<NumberKey, number> = {
  unitPrice: bounds.money.max,
  costPrice: bounds.money.max,
  stockQuantity: bounds.quantity.max,
  reorderLevel: bounds.reorderLevel.max,
};
const wholeKeys = new Set<NumberKey>(['reorderLevel']);

/**
 * The item form's rules in the spec's order (section 5): all required fields, then numbers
 * (prices and stock decimal, reorder level whole), then not negative, then our upper bounds.
 * Only the keys given are checked, so an edit that sends changed fields is checked the same way: an
 * edit (`edit`) may leave a required field out, but one it carries must not be blank (issue 24).
 * Answers the message and the first field at fault (the form marks and focuses it).
 */
function checkItem(raw: Record<string, unknown>, required: readonly string[], numbers: readonly NumberKey[], edit = false): { message: string; field: string } | null {
  const blankKey = required.find((key) => (!edit || raw[key] !== undefined) && isBlank(raw[key]));
  if (blankKey) return { message: itemMessages.required, field: blankKey };
  const present = numbers.filter((key) => key in raw && !(key === 'reorderLevel' && isBlank(raw[key])));
  const values = present.map((key) => [key, strictNumber(raw[key])] as const);
  const rules: [string, (key: NumberKey, value: number | null) => boolean][] = [
    [itemMessages.numbers, (key, value) => value === null || (wholeKeys.has(key) && !Number.isInteger(value))],
    [itemMessages.negative, (_key, value) => value! < 0],
    [itemMessages.tooLarge, (key, value) => value! > maxOf[key]],
  ];
  for (const [message, breaks] of rules) {
    const fault = values.find(([key, value]) => breaks(key, value));
    if (fault) return { message, field: fault[0] };
  }
  return null;
}

/** Runs checkItem first so the spec's message wins, then the shape (which trims and converts). */
function withItemRules<T extends z.ZodTypeAny>(shape: T, required: readonly string[], numbers: readonly NumberKey[], edit = false) {
  return z.preprocess((raw, ctx) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: itemMessages.required });
      return raw;
    }
    const fault = checkItem(raw as Record<string, unknown>, required, numbers, edit);
    if (fault) ctx.addIssue({ code: 'custom', message: fault.message, path: [fault.field] });
    return raw;
  }, shape);
}

// Only reached once checkItem passed: the value is a number in range.
const checkedNumber = z.unknown().transform((value) => strictNumber(value) ?? 0);

const catalogFields = {
  itemName: z.string().trim().max(100, 'Item Name must be at most 100 characters.').superRefine(cleanText('Item Name')),
  barcode: z.string().trim().max(50, 'Barcode must be at most 50 characters.').superRefine(cleanText('Barcode')),
  category: z.string().trim().min(1, itemMessages.required).max(64).superRefine(cleanText('Category')),
  unitPrice: checkedNumber,
  costPrice: checkedNumber,
  // Optional: the spec's quick add and API clients may leave it out (blank or missing means 0).
  reorderLevel: z
    .unknown()
    .transform((value) => (isBlank(value) ? 0 : (strictNumber(value) ?? 0)))
    .optional(),
  description: optionalText(500, 'Description', { multiline: true }),
  // Purchasing (issue 44): the supplier it is usually ordered from ('' or null: none) and that
  // supplier's own number for it, printed on the order. Optional, so older clients send neither.
  supplier: z
    .string()
    .trim()
    .max(64)
    .superRefine(cleanText('Supplier'))
    .nullish()
    .transform((value) => value || null)
    .optional(),
  supplierPartNo: optionalText(50, "Supplier's part number").optional(),
  // The spec's item carries warranty months: the form's 'Warranty (Months)', an import's Warranty column (issue 43).
  warrantyMonths: numberField({ min: 0, max: maxWarrantyMonths, integer: true, message: 'Warranty months must be a whole number from 0 to 120.' }).optional(),
};
const stockQuantity = checkedNumber.transform(roundQuantity);

const catalogRequired = ['itemName', 'barcode', 'unitPrice', 'costPrice', 'category'] as const;
const catalogNumbers = ['unitPrice', 'costPrice', 'reorderLevel'] as const;

/** A new item; its stock quantity is recorded as the opening movement. */
export const createItemSchema = withItemRules(
  z.object({ ...catalogFields, stockQuantity, id: idSchema }),
  [...catalogRequired, 'stockQuantity'],
  [...catalogNumbers, 'stockQuantity'],
);

/** An edit of the catalogue fields only: stock changes through adjustStock, never by overwrite. */
export const updateItemSchema = withItemRules(z.object(catalogFields).partial().extend({ id: idSchema }), catalogRequired, catalogNumbers, true);

/**
 * The spec's `PUT /api/items/{id}`: the catalogue fields and, when given, the stock the item should
 * have, recorded as the adjustment that brings it there (movementId names that movement).
 */
export const putItemSchema = withItemRules(
  z
    .object({ ...catalogFields, stockQuantity })
    .partial()
    .extend({ id: idSchema, movementId: idSchema }),
  [...catalogRequired, 'stockQuantity'],
  [...catalogNumbers, 'stockQuantity'],
  true,
);

export const deleteItemSchema = z.object({ id: idSchema });
export type ItemInput = z.input<typeof createItemSchema>;

/**
 * The job card's 'Create & Add' (spec 7, POST /api/items/quick): only a name and a price. The
 * server sets the rest (decisions: barcode = name, stock 0, cost 0, the default category), so
 * Staff cannot make arbitrary catalogue items through it.
 */
export const quickCreateItemSchema = withItemRules(
  z.object({ id: idSchema, itemName: catalogFields.itemName, unitPrice: checkedNumber }),
  ['itemName', 'unitPrice'],
  ['unitPrice'],
);

export interface ItemRow {
  id: string;
  itemName: string;
  barcode: string;
  categoryId: string | null;
  unitPriceCents: number;
  /** Absent on the device of a role that may not read it (shared/sync/read-scope.ts). */
  costPriceCents?: number;
  /** Stock, exactly, in hundredths (2.5 l → 250); negative when more was sold than recorded. */
  stockHundredths: number;
  reorderLevel: number;
  description: string;
  isService: boolean;
  warrantyMonths: number;
  /** The supplier it is usually ordered from (issue 44), or null; absent on a row the device stored before purchasing. */
  supplierId?: string | null;
  /** That supplier's part number, printed on purchase orders; '' when not known. */
  supplierPartNo?: string;
  /** What the last receipt paid for one (cents), set by receipts only; hidden like the cost price. */
  lastCostCents?: number;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
