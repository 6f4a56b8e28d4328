import { saleLineTotalCents } from '@shared/domain/sales';
import { newRecordId } from '@shared/sync/record-id';

/** Job-card lines are sold whatever the shelf says (spec 9): they were used on the car. */
export const jobLineStockHundredths = 9999 * 100;

export interface CartLine {
  /** The invoice line's id, made when the line enters the cart. */
  id: string;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  unitPriceCents: number;
  discountPercent: number;
  quantityHundredths: number;
  /** How much may be sold (services: no limit). */
  stockHundredths: number | null;
  warrantyMonths: number;
}

export interface Cart {
  lines: CartLine[];
  /** The job card this sale invoices (?jobId=), or null. */
  jobId: string | null;
}

export const emptyCart: Cart = { lines: [], jobId: null };

export type CartProblem = 'Item is out of stock' | 'Enter a valid quantity (> 0)';
export const outOfStock: CartProblem = 'Item is out of stock';
export const invalidQuantity: CartProblem = 'Enter a valid quantity (> 0)';

/** A product: one more of it, or a new line; refused when it would go beyond its stock (services never). */
export function addToCart(cart: Cart, product: Omit<CartLine, 'id' | 'discountPercent' | 'quantityHundredths'>, id: string = newRecordId()): Cart | CartProblem {
  const existing = cart.lines.find((line) => line.kind === product.kind && line.refId === product.refId && product.refId !== null);
  const quantity = (existing?.quantityHundredths ?? 0) + 100;
  if (product.kind === 'item' && product.stockHundredths !== null && quantity > product.stockHundredths) return outOfStock;
  if (existing)
    return { ...cart, lines: cart.lines.map((line) => (line === existing ? { ...line, quantityHundredths: quantity, stockHundredths: product.stockHundredths } : line)) };
  return { ...cart, lines: [...cart.lines, { ...product, id, discountPercent: 0, quantityHundredths: 100 }] };
}

/** One more or one fewer (never below 1); refused beyond the stock. */
export function stepQuantity(cart: Cart, lineId: string, step: 1 | -1): Cart | CartProblem {
  const line = cart.lines.find((l) => l.id === lineId);
  if (!line) return cart;
  const quantity = line.quantityHundredths + step * 100;
  if (quantity < 1) return cart;
  if (step > 0 && line.kind === 'item' && line.stockHundredths !== null && quantity > line.stockHundredths) return outOfStock;
  return { ...cart, lines: cart.lines.map((l) => (l.id === lineId ? { ...l, quantityHundredths: quantity } : l)) };
}

/**
 * A quantity typed into the cart (12 spark plugs, 2.5 L of oil): two decimals, at least 0.01;
 * refused beyond the stock as a step is.
 */
export function setQuantity(cart: Cart, lineId: string, typed: number): Cart | CartProblem {
  const line = cart.lines.find((l) => l.id === lineId);
  if (!line) return cart;
  const quantity = Number.isFinite(typed) ? Math.round(typed * 100) : 0;
  if (quantity < 1) return invalidQuantity;
  if (line.kind === 'item' && line.stockHundredths !== null && quantity > line.stockHundredths) return outOfStock;
  return { ...cart, lines: cart.lines.map((l) => (l.id === lineId ? { ...l, quantityHundredths: quantity } : l)) };
}

/** Disc. %: clamped to 0–100 with two decimals (spec 5). */
export function setDiscount(cart: Cart, lineId: string, percent: number): Cart {
  const clamped = Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent * 100) / 100)) : 0;
  return { ...cart, lines: cart.lines.map((l) => (l.id === lineId ? { ...l, discountPercent: clamped } : l)) };
}

export function removeLine(cart: Cart, lineId: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.id !== lineId) };
}

export const cartLineTotalCents = (line: CartLine) => saleLineTotalCents(line);
