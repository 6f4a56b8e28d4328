import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/instance';
import { syncedTable } from '@/db/db';
import { products, type ProductRow } from './find-product';
import { chooseOnEnter, resolveEnter, suggestionsFor, type EnterChoice, type Shown } from './typed-match';

// The register's rule for typed text (issue 47): the suggestions and Enter, on a real Dexie
// database (fake-indexeddb). Enter must give the same whether the suggestions had come or not.

// Ids unlike any typed text: Enter also finds an item by its id (findByCode).
const row = (id: string, itemName: string, barcode: string, stock = 1000): ProductRow & Record<string, unknown> => ({
  id: `item-${id}`,
  itemName,
  barcode,
  unitPriceCents: 120050,
  stockHundredths: stock,
  version: 1,
  deleted: false,
  updatedAt: '',
});

const shop = [
  row('coolant', 'Coolant 1L', '4800123450110'),
  row('lamp', 'Headlamp Bulb H4 12V', '4800123450127'),
  row('fluid', 'Brake Fluid DOT4 500ml', '4800123450066'),
  row('pad', 'Brake Pad Set Front', '4800123450059'),
  row('wiper', 'Wiper Blade 22in', '4800123450103', 0),
  // A code that is also the start of another item's name word: the code wins.
  row('clip', 'Clip', 'COOL'),
];
const rowOf = (id: string) => shop.find((item) => item.id === `item-${id}`)!;
const nothingShown: Shown = { for: '', rows: [], highlighted: -1 };
/** A choice in words: 'add lamp', 'choose fluid,pad', 'notFound'. */
const short = (product: ProductRow) => product.id.replace(/^item-/, '');
const said = (choice: EnterChoice) =>
  choice.kind === 'add' ? `add ${short(choice.product)}` : choice.kind === 'choose' ? `choose ${choice.rows.map(short).join(',')}` : choice.kind;

beforeAll(async () => {
  await db.transaction('rw', syncedTable(db, 'items'), () => products.bulkPut(shop as never[]));
});

describe('chooseOnEnter', () => {
  const [a, b] = [rowOf('fluid'), rowOf('pad')];
  it.each([
    ['the barcode match, whatever is suggested', rowOf('clip'), [a, b], 1, 'add clip'],
    ['the highlighted suggestion', undefined, [a, b], 1, 'add pad'],
    ['the only suggestion, none highlighted', undefined, [a], -1, 'add fluid'],
    ['several and none highlighted: the cashier chooses', undefined, [a, b], -1, 'choose fluid,pad'],
    ['nothing matches', undefined, [], -1, 'notFound'],
    ['a highlight past the rows is none', undefined, [a, b], 5, 'choose fluid,pad'],
  ] as const)('%s', (_case, byCode, rows, highlighted, answer) => {
    const choice = chooseOnEnter(byCode, rows, highlighted);
    expect(said(choice)).toBe(answer);
  });
});

describe('resolveEnter, from the text alone (the suggestions not yet come)', () => {
  it.each([
    ['a name typed fast', 'coolant', 'add coolant'],
    ['another word of a name, any case, spaces around', '  BULB ', 'add lamp'],
    ['two words', 'bulb h4', 'add lamp'],
    ['the barcode', '4800123450127', 'add lamp'],
    ['the last digits of a barcode (a search word)', '450110', 'add coolant'],
    ['a barcode that is also the start of a name word', 'cool', 'add clip'],
    ['several matches', 'brake', 'choose fluid,pad'],
    ['only sold-out items match', 'wiper', 'notFound'],
    ['one key suggests nothing', 'h', 'notFound'],
    ['no item', 'clutch', 'notFound'],
    ['blank', '   ', 'notFound'],
  ])('%s: %j', async (_case, text, answer) => {
    const choice = await resolveEnter(text, nothingShown);
    expect(said(choice)).toBe(answer);
  });

  it('decides as the suggestions shown for the same text would', async () => {
    for (const text of ['coolant', 'bulb', 'brake', 'wiper', 'clutch']) {
      const rows = await suggestionsFor(text);
      expect(await resolveEnter(text, nothingShown)).toEqual(await resolveEnter(text, { for: text, rows, highlighted: -1 }));
    }
  });

  it('takes the highlight only from suggestions for exactly this text', async () => {
    const rows = await suggestionsFor('brake');
    expect(await resolveEnter('brake', { for: 'brake', rows, highlighted: 1 })).toEqual({ kind: 'add', product: rows[1] });
    // More keys came after the highlight (a scan over the typed text): the highlight means nothing.
    expect(await resolveEnter('brake pad', { for: 'brake', rows, highlighted: 0 })).toMatchObject({ kind: 'add', product: { id: 'item-pad' } });
    expect(await resolveEnter('brake4800999', { for: 'brake', rows, highlighted: 0 })).toEqual({ kind: 'notFound' });
  });
});
