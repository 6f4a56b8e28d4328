import { describe, expect, it } from 'vitest';
import { averageCostAfter } from './average-cost';

// Issue 44, point 4: the weighted average cost, case by case (stock and quantities in hundredths, costs in cents).
describe('the cost after a receipt or a return to the supplier', () => {
  it.each([
    // [case, stock before, cost before, quantity, unit cost, cost after]
    ['10 on hand at 100, 10 more at 200', 1000, 100_00, 1000, 200_00, 150_00],
    ['4 on hand at 90, 6 more at 90: unchanged', 400, 90_00, 600, 90_00, 90_00],
    ['1 on hand at 100, 2 more at 101: a third of a cent rounds', 100, 100_00, 200, 101_00, 100_67],
    ['half a unit at 100, half a unit at 101: half a cent rounds up', 50, 100, 50, 101, 101],
    ['nothing on hand: the receipt’s cost', 0, 100_00, 500, 120_00, 120_00],
    ['stock below zero (sold before it came): the receipt’s cost', -300, 100_00, 1000, 120_00, 120_00],
    ['a zero-cost receipt onto stock lowers the average', 1000, 100_00, 1000, 0, 50_00],
    ['a zero-cost receipt onto nothing costs zero', 0, 100_00, 100, 0, 0],
    ['a quantity of zero changes nothing', 1000, 100_00, 0, 500_00, 100_00],
    ['a return at the cost it came at, from a mixed stock', 2000, 150_00, -1000, 200_00, 100_00],
    ['a return at the average leaves it', 2000, 150_00, -500, 150_00, 150_00],
    ['a return of everything on hand keeps the cost', 1000, 150_00, -1000, 200_00, 150_00],
    ['a return beyond the stock keeps the cost', 500, 150_00, -1000, 200_00, 150_00],
    ['a return dearer than all the rest never goes below zero', 1000, 10_00, -900, 500_00, 0],
  ] as const)('%s', (_case, stockHundredths, costCents, quantity, unitCost, after) => {
    expect(averageCostAfter({ stockHundredths, costCents }, quantity, unitCost)).toBe(after);
  });
});
