import { describe, expect, it } from 'vitest';
import { roles, type Role } from '../domain/permissions';
import { hiddenColumns, projectRow, readScopeOf, restrictedColumns, restrictedTables, scopeChange } from './read-scope';
import { priorityTables, syncedTables, type SyncedTable } from './tables';

const item = { id: 'i1', version: 3, deleted: false, updatedAt: 't', itemName: 'Oil filter', unitPriceCents: 1500, costPriceCents: 900, stockHundredths: 400 };
const withoutCost = { id: 'i1', version: 3, deleted: false, updatedAt: 't', itemName: 'Oil filter', unitPriceCents: 1500, stockHundredths: 400 };

// Who reads what, table by table (docs/decisions.md): the columns each role may not read.
const cases: [Role | null, SyncedTable, string[]][] = [
  ['Admin', 'items', []],
  ['Manager', 'items', []],
  ['Staff', 'items', ['costPriceCents']],
  [null, 'items', ['costPriceCents']],
  ...roles.flatMap((role) =>
    (
      [
        'categories',
        'customers',
        'services',
        'company',
        'stockMovements',
        'jobCards',
        'jobLines',
        'jobStatusChanges',
        'invoices',
        'invoiceLines',
        'payments',
        'notices',
        'creditNotes',
        'creditNoteLines',
        'expenses',
        'drawerSessions',
        'drawerMoves',
      ] as const
    ).map((table) => [role, table, []] as [Role, SyncedTable, string[]]),
  ),
];

describe('hiddenColumns(role, table)', () => {
  it.each(cases)('%s, %s → %j', (role, table, hidden) => expect(hiddenColumns(role, table)).toEqual(hidden));
  it('covers every synced table for every role', () => {
    for (const role of roles) expect(syncedTables.filter((table) => !cases.some(([r, t]) => r === role && t === table))).toEqual([]);
  });
});

describe('projectRow(table, row, role)', () => {
  const rows: [string, Role | null, SyncedTable, Record<string, unknown>, Record<string, unknown>][] = [
    ['a Manager reads the cost', 'Manager', 'items', item, item],
    ['an Admin reads the cost', 'Admin', 'items', item, item],
    ['Staff do not', 'Staff', 'items', item, withoutCost],
    ['no role reads least', null, 'items', item, withoutCost],
    ['a row already without it stays as it is', 'Staff', 'items', withoutCost, withoutCost],
    ['another table is untouched', 'Staff', 'invoiceLines', { id: 'l', unitPriceCents: 5, totalCents: 10 }, { id: 'l', unitPriceCents: 5, totalCents: 10 }],
  ];
  it.each(rows)('%s', (_name, role, table, row, expected) => expect(projectRow(table, row, role)).toEqual(expected));
  it('answers the same object when nothing is hidden, and never changes the row it is given', () => {
    expect(projectRow('items', item, 'Manager')).toBe(item);
    const copy = { ...item };
    projectRow('items', copy, 'Staff');
    expect(copy).toEqual(item);
  });
});

describe('readScopeOf(role) and scopeChange', () => {
  it.each([
    ['Admin', []],
    ['Manager', []],
    ['Staff', ['items.costPriceCents']],
  ] as const)('%s → %j', (role, scope) => expect(readScopeOf(role)).toEqual(scope));

  it.each([
    ['Manager to Staff drops the cost', [], ['items.costPriceCents'], { drop: ['items.costPriceCents'], fetch: [], dropTables: ['items'], fetchTables: [] }],
    ['Staff to Manager fetches it', ['items.costPriceCents'], [], { drop: [], fetch: ['items.costPriceCents'], dropTables: [], fetchTables: ['items'] }],
    ['Admin to Manager changes nothing', [], [], { drop: [], fetch: [], dropTables: [], fetchTables: [] }],
  ] as const)('%s', (_name, before, after, change) => expect(scopeChange(before, after)).toEqual(change));
});

// A device whose user comes to read more fetches the restricted tables again with the first sync's
// priority part (client/src/sync/sync-engine.ts, refill): a restricted table must be one of them.
it('every restricted table is a priority table', () => {
  expect(restrictedTables.filter((table) => !priorityTables.includes(table))).toEqual([]);
  expect(Object.keys(restrictedColumns).length).toBeGreaterThan(0);
});
