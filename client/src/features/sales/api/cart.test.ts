import { describe, expect, it } from 'vitest';
import { addToCart, emptyCart, invalidQuantity, jobLineStockHundredths, outOfStock, removeLine, setDiscount, setQuantity, stepQuantity, type Cart } from './cart';

const pads = { kind: 'item' as const, refId: 'pads', name: 'Brake Pads', unitPriceCents: 450000, stockHundredths: 200, warrantyMonths: 6 };
const labour = { kind: 'service' as const, refId: 'labour', name: 'Labour', unitPriceCents: 250000, stockHundredths: null, warrantyMonths: 0 };

function cartOf(...steps: ((cart: Cart) => Cart | string)[]): Cart | string {
  let cart: Cart | string = emptyCart;
  for (const step of steps) {
    if (typeof cart === 'string') return cart;
    cart = step(cart);
  }
  return cart;
}

describe('the register cart', () => {
  it.each([
    ['one scan adds a line of 1', [(c: Cart) => addToCart(c, pads, 'l1')], [100]],
    ['a second scan adds one more to the same line', [(c: Cart) => addToCart(c, pads, 'l1'), (c: Cart) => addToCart(c, pads, 'l2')], [200]],
    ['beyond the stock: Item is out of stock', [(c: Cart) => addToCart(c, pads), (c: Cart) => addToCart(c, pads), (c: Cart) => addToCart(c, pads)], outOfStock],
    ['no stock at all: out of stock at once', [(c: Cart) => addToCart(c, { ...pads, stockHundredths: 0 })], outOfStock],
    ['services are never out of stock', [(c: Cart) => addToCart(c, labour), (c: Cart) => addToCart(c, labour), (c: Cart) => addToCart(c, labour)], [300]],
    ['a job line carries the spec’s stock of 9999', [(c: Cart) => addToCart(c, { ...pads, stockHundredths: jobLineStockHundredths })], [100]],
  ])('%s', (_name, steps, expected) => {
    const result = cartOf(...steps);
    if (typeof expected === 'string') expect(result).toBe(expected);
    else expect((result as Cart).lines.map((l) => l.quantityHundredths)).toEqual(expected);
  });

  it('steps up to the stock and down to 1, never below', () => {
    const cart = addToCart(emptyCart, pads, 'l1') as Cart;
    const two = stepQuantity(cart, 'l1', 1) as Cart;
    expect(two.lines[0]!.quantityHundredths).toBe(200);
    expect(stepQuantity(two, 'l1', 1)).toBe(outOfStock);
    const one = stepQuantity(two, 'l1', -1) as Cart;
    expect(one.lines[0]!.quantityHundredths).toBe(100);
    expect((stepQuantity(one, 'l1', -1) as Cart).lines[0]!.quantityHundredths).toBe(100);
  });

  it.each([
    [12.5, 12.5],
    [150, 100],
    [-3, 0],
    [33.333, 33.33],
    [Number.NaN, 0],
  ])('Disc. %d is kept as %d (clamped 0–100, two decimals)', (typed, kept) => {
    const cart = setDiscount(addToCart(emptyCart, pads, 'l1') as Cart, 'l1', typed);
    expect(cart.lines[0]!.discountPercent).toBe(kept);
  });

  it.each([
    ['2.5 L of oil', 2.5, 250],
    ['12 spark plugs', 12, 1200],
    ['two decimals kept', 1.234, 123],
    ['the least: 0.01', 0.01, 1],
    ['0 is refused', 0, invalidQuantity],
    ['below 0.01 rounds to 0: refused', 0.004, invalidQuantity],
    ['negative is refused', -2, invalidQuantity],
    ['not a number is refused', Number.NaN, invalidQuantity],
    ['beyond the stock of 20', 20.01, outOfStock],
    ['exactly the stock', 20, 2000],
  ])('a typed quantity: %s', (_name, typed, expected) => {
    const cart = addToCart(emptyCart, { ...pads, stockHundredths: 2000 }, 'l1') as Cart;
    const result = setQuantity(cart, 'l1', typed);
    if (typeof expected === 'string') expect(result).toBe(expected);
    else expect((result as Cart).lines[0]!.quantityHundredths).toBe(expected);
  });

  it('a typed quantity of a service has no stock limit', () => {
    const cart = addToCart(emptyCart, labour, 'l2') as Cart;
    expect((setQuantity(cart, 'l2', 1000.5) as Cart).lines[0]!.quantityHundredths).toBe(100050);
  });

  it('removes a line', () => {
    const cart = addToCart(addToCart(emptyCart, pads, 'l1') as Cart, labour, 'l2') as Cart;
    expect(removeLine(cart, 'l1').lines.map((l) => l.id)).toEqual(['l2']);
  });
});
