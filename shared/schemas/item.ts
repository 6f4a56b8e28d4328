import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { roundQuantity } from '../domain/quantity';

export const itemMessages = {
  required: 'Please fill in all required fields (Item Name, Barcode, Prices, Quantity, Category).',
  numbers: 'Price, Quantity, and Reorder Level must be numbers.',
  negative: 'Prices, Quantity, and Reorder Level cannot be negative.',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const numeric = (value: unknown, integer: boolean) => {
  if (typeof value === 'number') return Number.isFinite(value) && (!integer || Number.isInteger(value));
  if (typeof value !== 'string') return false;
  return integer ? /^\s*-?\d+\s*$/.test(value) : /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value);
};

const requiredKeys = ['itemName', 'barcode', 'unitPrice', 'costPrice', 'stockQuantity', 'category'] as const;
// Stock may hold two decimals (decisions.md: quantities such as 0.5 l of oil are sold); the reorder level is whole.
const decimalKeys = ['unitPrice', 'costPrice', 'stockQuantity'] as const;
const integerKeys = ['reorderLevel'] as const;

/**
 * The item form's rules in the spec's order (section 5): all required fields, then numbers
 * (prices and stock decimal, reorder level whole), then not negative. `partial` is for an
 * edit that sends only changed fields: a field that is absent is not checked.
 */
function checkItem(raw: Record<string, unknown>, partial: boolean): string | null {
  const present = (key: string) => !partial || key in raw;
  if (requiredKeys.some((key) => present(key) && blank(raw[key]))) return itemMessages.required;
  const badNumber =
    decimalKeys.some((key) => present(key) && !numeric(raw[key], false)) ||
    integerKeys.some((key) => present(key) && !blank(raw[key]) && !numeric(raw[key], true));
  if (badNumber) return itemMessages.numbers;
  if ([...decimalKeys, ...integerKeys].some((key) => present(key) && !blank(raw[key]) && Number(raw[key]) < 0)) {
    return itemMessages.negative;
  }
  return null;
}

const itemShape = {
  itemName: z.string().trim().max(100, 'Item Name must be at most 100 characters.'),
  barcode: z.string().trim().max(50, 'Barcode must be at most 50 characters.'),
  category: z.string().trim().min(1, itemMessages.required).max(64),
  unitPrice: z.coerce.number(),
  costPrice: z.coerce.number(),
  stockQuantity: z.coerce.number().transform(roundQuantity),
  reorderLevel: z.preprocess((v) => (blank(v) ? 0 : v), z.coerce.number()),
  description: optionalText(500, 'Description'),
};

function itemSchema(partial: boolean) {
  const shape = partial ? z.object(itemShape).partial() : z.object(itemShape);
  return z.preprocess((raw, ctx) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: itemMessages.required });
      return raw;
    }
    const message = checkItem(raw as Record<string, unknown>, partial);
    if (message) ctx.addIssue({ code: 'custom', message });
    return raw;
  }, shape.extend({ id: idSchema }));
}

export const createItemSchema = itemSchema(false);
export const updateItemSchema = itemSchema(true);
export const deleteItemSchema = z.object({ id: idSchema });
export type ItemInput = z.input<typeof createItemSchema>;

/** The job card's quick add (spec 7): stock 1, barcode = name, reorder level 0 unless given. */
export const quickCreateItemSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const input = raw as Record<string, unknown>;
  return {
    ...input,
    barcode: blank(input.barcode) ? input.itemName : input.barcode,
    stockQuantity: blank(input.stockQuantity) ? 1 : input.stockQuantity,
    costPrice: blank(input.costPrice) ? 0 : input.costPrice,
    reorderLevel: blank(input.reorderLevel) ? 0 : input.reorderLevel,
  };
}, createItemSchema);

export interface ItemRow {
  id: string;
  itemName: string;
  barcode: string;
  categoryId: string | null;
  unitPriceCents: number;
  costPriceCents: number;
  stockQuantity: number;
  reorderLevel: number;
  description: string;
  isService: boolean;
  warrantyMonths: number;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
