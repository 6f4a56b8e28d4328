// Quantities allow two decimals (decisions.md): round every result so 0.1 + 0.2 stays 0.3.
export function roundQuantity(quantity: number): number {
  return Math.round(Number((quantity * 100).toFixed(6))) / 100;
}
