import { describe, expect, it } from 'vitest';
import { lineCostCents, orderStatus, overReceived, stillToCome, type LineQuantities } from './purchase-orders';

const line = (quantityHundredths: number, receivedHundredths = 0, cancelledHundredths = 0): LineQuantities => ({ quantityHundredths, receivedHundredths, cancelledHundredths });

describe('what is still to come (ordered − received − cancelled)', () => {
  it.each([
    ['nothing received', line(1000), 1000, 0],
    ['six of ten', line(1000, 600), 400, 0],
    ['all of it', line(1000, 1000), 0, 0],
    ['two more than ordered', line(1000, 1200), 0, 200],
    ['four cancelled after six came', line(1000, 600, 400), 0, 0],
    ['a cancel, then goods anyway', line(1000, 500, 1000), 0, 500],
    ['2.5 litres of 4', line(400, 250), 150, 0],
  ])('%s', (_name, quantities, toCome, over) => {
    expect(stillToCome(quantities)).toBe(toCome);
    expect(overReceived(quantities)).toBe(over);
  });
});

describe('an order’s status, from its lines', () => {
  it.each([
    ['a draft', false, [line(1000)], 'Draft'],
    ['placed, nothing yet', true, [line(1000), line(200)], 'Ordered'],
    ['one line in part', true, [line(1000, 600), line(200)], 'Partly Received'],
    ['one line whole, the other not', true, [line(1000, 1000), line(200)], 'Partly Received'],
    ['everything', true, [line(1000, 1000), line(200, 200)], 'Received'],
    ['more than ordered', true, [line(1000, 1500)], 'Received'],
    ['the rest of a line cancelled', true, [line(1000, 600, 400)], 'Received'],
    ['a line cancelled, the other received', true, [line(1000, 0, 1000), line(200, 200)], 'Received'],
    ['everything cancelled before anything came', true, [line(1000, 0, 1000)], 'Cancelled'],
    ['a draft cancelled whole', false, [line(1000, 0, 1000)], 'Cancelled'],
  ] as const)('%s → %s', (_name, placed, lines, status) => expect(orderStatus(placed, lines)).toBe(status));
});

describe('a line’s cost', () => {
  it('is what is still ordered at its unit cost, to the cent', () => {
    expect(lineCostCents(line(250, 0, 0), 33333)).toBe(83333); // 2.5 × Rs. 333.33 = 833.325 → 833.33
    expect(lineCostCents(line(1000, 0, 400), 1500)).toBe(9000);
  });
});
