import { describe, expect, it } from 'vitest';
import { derivedFieldsOf } from './derived-fields';
import { deviceFieldNames, withoutDeviceFields } from './db';

describe('derivedFieldsOf: what the entity declares for its device indexes', () => {
  it.each([
    { stockHundredths: -1, reorderLevel: 0, needsStock: 2 },
    { stockHundredths: -100, reorderLevel: 5, needsStock: 2 },
    { stockHundredths: 499, reorderLevel: 5, needsStock: 1 },
    { stockHundredths: 500, reorderLevel: 5, needsStock: 0 },
    { stockHundredths: 0, reorderLevel: 0, needsStock: 0 },
    { stockHundredths: 1000, reorderLevel: 0, needsStock: 0 },
  ])('an item with $stockHundredths hundredths at reorder level $reorderLevel needs stock $needsStock', ({ needsStock, ...stock }) => {
    expect(derivedFieldsOf('items', { itemName: 'Oil filter', barcode: '4791', ...stock }).needsStock).toBe(needsStock);
  });

  it('derives no needsStock for a table that declares none', () => {
    expect(derivedFieldsOf('customers', { customerName: 'Nimal' })).not.toHaveProperty('needsStock');
  });

  it('takes every derived field back off a stored row, and nothing else', () => {
    const row = { id: 'i1', itemName: 'Oil filter', stockHundredths: -1, reorderLevel: 0 };
    const stored = { ...row, ...derivedFieldsOf('items', row), localStamp: 1 };
    expect(Object.keys(stored)).toEqual(expect.arrayContaining([...deviceFieldNames]));
    expect(withoutDeviceFields(stored)).toEqual(row);
  });
});
