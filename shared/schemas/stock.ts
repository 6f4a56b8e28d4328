import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { bounds, numberField } from './numbers';
import type { FactTimes } from '../domain/device-time';
import { groupedWhole } from '../domain/grouped-number';

/** Why stock moved (decisions.md: stock changes only through movements). */
export const movementReasons = ['opening', 'sale', 'return', 'adjustment', 'received', 'returnedToSupplier'] as const;
export type MovementReason = (typeof movementReasons)[number];

export const stockMessages = {
  delta: `The stock change must be a number between -${groupedWhole(bounds.quantity.max)} and ${groupedWhole(bounds.quantity.max)}, and not 0.`,
} as const;

/** A stock count or delivery recorded by hand: one movement of `quantity` (signed) on one item. */
export const adjustStockSchema = z.object({
  /** The movement's id, made on the device. */
  id: idSchema,
  itemId: idSchema,
  quantity: numberField({ min: -bounds.quantity.max, max: bounds.quantity.max, message: stockMessages.delta }).refine(
    (quantity) => Math.round(quantity * 100) !== 0,
    stockMessages.delta,
  ),
  reason: z.enum(['adjustment', 'received']).default('adjustment'),
  note: optionalText(200, 'Note', { multiline: true }),
});
export type AdjustStockInput = z.input<typeof adjustStockSchema>;

/** One row of the append-only stock ledger, as both sides store it. */
export interface StockMovementRow extends FactTimes {
  id: string;
  itemId: string;
  /** Signed: +received, −sold or sent back to the supplier. */
  quantityHundredths: number;
  reason: MovementReason;
  /** What caused it: 'item-form', 'api', 'job-card', later an invoice. */
  source: string;
  note: string;
  /** The mutation that recorded it (exactly once is checked against this). */
  mutationId: string;
  userId: string;
  createdAt: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
