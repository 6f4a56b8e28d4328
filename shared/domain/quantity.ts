// Quantities allow two decimals (decisions.md). Stock is stored exactly, as whole hundredths.

/** Rounds to two decimals so 0.1 + 0.2 stays 0.3. */
export function roundQuantity(quantity: number): number {
  return Math.round(Number((quantity * 100).toFixed(6))) / 100;
}

/** A quantity (as the API and forms carry it) to whole hundredths: 2.5 → 250. */
export function toHundredths(quantity: number): number {
  if (!Number.isFinite(quantity)) throw new RangeError(`Not a quantity: ${quantity}`);
  return Math.round(Number((quantity * 100).toFixed(6))) || 0;
}

/** Whole hundredths back to a quantity with two decimals: 250 → 2.5. */
export function fromHundredths(hundredths: number): number {
  return Math.round(hundredths) / 100;
}

/** Hundredths as people read a quantity: 250 → '2.5', 300 → '3', −150 → '-1.5'. */
export function formatQuantity(hundredths: number): string {
  return String(fromHundredths(hundredths));
}

/** Low stock (decisions.md): below the reorder level, and always when negative. */
export function isLowStock(item: { stockHundredths: number; reorderLevel: number }): boolean {
  return item.stockHundredths < 0 || item.stockHundredths < item.reorderLevel * 100;
}
