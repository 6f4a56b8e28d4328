import { describe, expect, it } from 'vitest';
import { issueWords, judgeLine } from './receiving';

const line = (quantityHundredths: number, receivedHundredths = 0, cancelledHundredths = 0) => ({ quantityHundredths, receivedHundredths, cancelledHundredths });

describe('a receipt line, judged against its order line', () => {
  it.each([
    ['six of ten to come', line(1000), 600, '', 0],
    ['the last four', line(1000, 600), 400, '', 0],
    ['two more than ordered', line(1000), 1200, 'over', 200],
    ['after another tablet received it all', line(1000, 1000), 300, 'over', 300],
    ['after the rest was cancelled', line(1000, 500, 500), 100, 'over', 100],
    ['a part not on the order', undefined, 200, 'notOnOrder', 0],
  ] as const)('%s', (_name, orderLine, quantity, issue, over) => expect(judgeLine(orderLine, quantity)).toEqual({ issue, overHundredths: over }));

  it('an item the side does not hold moves no stock, and says so', () => {
    const judged = judgeLine(line(100), 100, false);
    expect(judged.issue).toBe('itemMissing');
    expect(issueWords('Oil Filter', judged, 100)).toBe('Oil Filter: the item is not on record here, so no stock moved for it.');
  });

  it('says what is over in words', () => {
    expect(issueWords('Brake Pads', { issue: 'over', overHundredths: 250 }, 1250)).toBe('Brake Pads: 2.5 more than was still to come.');
    expect(issueWords('Bulb', { issue: 'notOnOrder', overHundredths: 0 }, 300)).toBe('Bulb: 3 received, not on the order.');
  });
});
