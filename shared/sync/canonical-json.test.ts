import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  const cases: [string, unknown, string][] = [
    ['keys sorted', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ['nested keys sorted', { z: { y: 1, x: [{ d: 1, c: 2 }] } }, '{"z":{"x":[{"c":2,"d":1}],"y":1}}'],
    ['undefined property left out', { a: undefined, b: null }, '{"b":null}'],
    ['undefined in an array is null', [1, undefined, 2], '[1,null,2]'],
    ['-0 is 0', -0, '0'],
    ['NaN is null', Number.NaN, 'null'],
    ['strings escaped as JSON does', 'a"b\n\u0D9A', JSON.stringify('a"b\n\u0D9A')],
    ['numbers as JSON writes them', [1.5, 1e21, 0.1], '[1.5,1e+21,0.1]'],
    ['undefined alone is null', undefined, 'null'],
  ];
  it.each(cases)('%s', (_name, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('gives one text for the same value built in two key orders, and after a JSON round trip', () => {
    const one = { id: 'x', args: { lines: [{ qty: 1, price: 2.5 }], note: 'ශ්‍රී' }, at: 3 };
    const other = { at: 3, args: { note: 'ශ්‍රී', lines: [{ price: 2.5, qty: 1 }] }, id: 'x' };
    expect(canonicalJson(one)).toBe(canonicalJson(other));
    expect(canonicalJson(JSON.parse(JSON.stringify(one)))).toBe(canonicalJson(one));
  });
});
