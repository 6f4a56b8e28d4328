import { describe, expect, it } from 'vitest';
import { roles, type Role } from '../domain/permissions';
import { hiddenColumns, restrictedColumns, projectRow, readScopeOf, readsRow, restrictedRows, rowScopeOf, scopeChange, type Reader } from './read-scope';
import { syncedTables, type SyncedTable } from './tables';

const item = { id: 'i1', version: 3, deleted: false, updatedAt: 't', itemName: 'Oil filter', unitPriceCents: 1500, costPriceCents: 900, stockHundredths: 400 };
const withoutCost = { id: 'i1', version: 3, deleted: false, updatedAt: 't', itemName: 'Oil filter', unitPriceCents: 1500, stockHundredths: 400 };

// Who reads what, table by table (docs/decisions.md): the columns each role may not read.
const cases: [Role | null, SyncedTable, string[]][] = [
  ['Admin', 'items', []],
  ['Manager', 'items', []],
  ['Staff', 'items', ['costPriceCents', 'lastCostCents']],
  [null, 'items', ['costPriceCents', 'lastCostCents']],
  // What the shop pays its suppliers (issue 44): Staff receive orders without costs.
  ...roles.flatMap((role): [Role, SyncedTable, string[]][] => [
    [role, 'purchaseOrders', role === 'Staff' ? ['totalCents'] : []],
    [role, 'purchaseOrderLines', role === 'Staff' ? ['unitCostCents'] : []],
    [role, 'goodsReceipts', role === 'Staff' ? ['totalCents'] : []],
    [role, 'goodsReceiptLines', role === 'Staff' ? ['unitCostCents'] : []],
    // A part's cost at its sale, and so the sale's margin.
    [role, 'invoiceLines', role === 'Staff' ? ['costCents'] : []],
  ]),
  // Every other table: nothing hidden from any role (derived from the declarations, issue 48).
  ...roles.flatMap((role) => syncedTables.filter((table) => !restrictedColumns[table]).map((table) => [role, table, []] as [Role, SyncedTable, string[]])),
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
    [
      'Staff',
      [
        'goodsReceiptLines.unitCostCents',
        'goodsReceipts.totalCents',
        'invoiceLines.costCents',
        'items.costPriceCents',
        'items.lastCostCents',
        'purchaseOrderLines.unitCostCents',
        'purchaseOrders.totalCents',
      ],
    ],
  ] as const)('%s → %j', (role, scope) => expect(readScopeOf(role)).toEqual(scope));

  const none = { drop: [], fetch: [], dropTables: [], fetchTables: [], dropRows: [] };
  const all = ['drawerMoves?*', 'drawerSessions?*', 'expenses?*'];
  const atA = ['drawerMoves?register=DA', 'drawerSessions?register=DA', 'expenses?register=DA|userId=u1'];
  const rowsAtA = [
    { table: 'drawerMoves', rule: [['register', 'DA']] },
    { table: 'drawerSessions', rule: [['register', 'DA']] },
    {
      table: 'expenses',
      rule: [
        ['register', 'DA'],
        ['userId', 'u1'],
      ],
    },
  ];
  it.each([
    ['Manager to Staff drops the cost', [], ['items.costPriceCents'], { ...none, drop: ['items.costPriceCents'], dropTables: ['items'] }],
    ['Staff to Manager fetches it', ['items.costPriceCents'], [], { ...none, fetch: ['items.costPriceCents'], fetchTables: ['items'] }],
    ['Admin to Manager changes nothing', [...all], [...all], none],
    ['every register to one drops the others', [...all], [...atA], { ...none, dropRows: rowsAtA }],
    ['one register to every one fetches those tables again', [...atA], [...all], { ...none, fetchTables: ['drawerMoves', 'drawerSessions', 'expenses'] }],
    [
      'another user at the register: their expenses',
      [...atA],
      [...atA.slice(0, 2), 'expenses?register=DA|userId=u2'],
      {
        ...none,
        dropRows: [
          {
            table: 'expenses',
            rule: [
              ['register', 'DA'],
              ['userId', 'u2'],
            ],
          },
        ],
        fetchTables: ['expenses'],
      },
    ],
    [
      'a scope stored before row rules: its rows are fetched again',
      ['items.costPriceCents'],
      ['items.costPriceCents', ...atA],
      { ...none, dropRows: rowsAtA, fetchTables: ['drawerMoves', 'drawerSessions', 'expenses'] },
    ],
    ['a server before row rules reads every row: fetched again, nothing dropped', [...atA], [], { ...none, fetchTables: ['drawerMoves', 'drawerSessions', 'expenses'] }],
  ] as const)('%s', (_name, before, after, change) => expect(scopeChange(before, after)).toEqual(change));
});

describe("row rules: a register's cash", () => {
  const staffAtA: Reader = { role: 'Staff', register: 'DA', userId: 'u1' };
  const session = (register: string) => ({ id: 's', version: 1, deleted: false, register, floatCents: 500_000 });
  const expense = (register: string, userId: string) => ({ id: 'e', version: 1, deleted: false, register, userId, amountCents: 100 });

  it.each([
    ["Staff read their register's session", staffAtA, 'drawerSessions', session('DA'), true],
    ["not another register's", staffAtA, 'drawerSessions', session('DB'), false],
    ['nor one with no register', staffAtA, 'drawerMoves', session(''), false],
    ["their register's drawer expense, whoever paid it", staffAtA, 'expenses', expense('DA', 'u9'), true],
    ['an expense they recorded anywhere, or with no register', staffAtA, 'expenses', expense('', 'u1'), true],
    ["not another's bank expense", staffAtA, 'expenses', expense('', 'u9'), false],
    ['at no register, only what they recorded', { ...staffAtA, register: '' }, 'expenses', expense('', 'u1'), true],
    ['at no register, no drawer', { ...staffAtA, register: '' }, 'drawerSessions', session(''), false],
    ['a tombstone names nothing and passes', staffAtA, 'drawerSessions', { id: 's', version: 2, deleted: true }, true],
    ['a Manager reads every register', { ...staffAtA, role: 'Manager' }, 'drawerSessions', session('DB'), true],
    ['an Admin too', { ...staffAtA, role: 'Admin' }, 'expenses', expense('', 'u9'), true],
    ['other tables are read whole', staffAtA, 'payments', { id: 'p', version: 1, deleted: false, register: 'DB' }, true],
  ] as const)('%s', (_name, reader, table, row, reads) => expect(readsRow(reader, table, row)).toBe(reads));

  it('names the rules in the scope, one per row table, so the device can keep the same rows', () => {
    // Staff read no row of what the shop owes its suppliers (costs, issue 44).
    expect(rowScopeOf(staffAtA)).toEqual([
      'drawerMoves?register=DA',
      'drawerSessions?register=DA',
      'expenses?register=DA|userId=u1',
      'supplierBillLines?',
      'supplierBills?',
      'supplierPayments?',
      'supplierReturnLines?',
      'supplierReturns?',
    ]);
    expect(rowScopeOf({ ...staffAtA, register: '' })).toEqual([
      'drawerMoves?',
      'drawerSessions?',
      'expenses?userId=u1',
      'supplierBillLines?',
      'supplierBills?',
      'supplierPayments?',
      'supplierReturnLines?',
      'supplierReturns?',
    ]);
    expect(rowScopeOf({ ...staffAtA, role: 'Manager' })).toEqual([
      'drawerMoves?*',
      'drawerSessions?*',
      'expenses?*',
      'supplierBillLines?*',
      'supplierBills?*',
      'supplierPayments?*',
      'supplierReturnLines?*',
      'supplierReturns?*',
    ]);
    expect(Object.keys(restrictedRows).sort()).toEqual([
      'drawerMoves',
      'drawerSessions',
      'expenses',
      'supplierBillLines',
      'supplierBills',
      'supplierPayments',
      'supplierReturnLines',
      'supplierReturns',
    ]);
  });
});
