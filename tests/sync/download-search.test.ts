// Issue 11: while a new tablet downloads its catalogue and customers, the server answers their
// searches (GET /api/sync/search). The answer must be the one the tablet gives once the rows are
// on it: the same rows, in the same order, with the same total, page by page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Table } from 'dexie';
import { Device, Random, TestServer } from './harness';
import { queryPage } from '@/search';

let server: TestServer;
let tablet: Device;
const random = new Random(20261125);

// Names that test the rules: case, spaces around, letters outside ASCII (SQLite's lower() folds only
// ASCII), equal sort keys (ties go by id), words inside words ('pad' in 'Padding' and 'Kneepad'),
// digits read by their endings (barcodes, phones, plates).
const itemNames = [
  'Brake Pad',
  ' brake pad',
  'BRAKE PAD',
  'Padding strip',
  'Kneepad',
  'Élan Öl 5W-30',
  'élan wax',
  'Oil filter',
  'Oil Filter Wrench',
  'Air filter',
  'Spark plug',
  'Wiper blade 18"',
  'Zinc primer',
];
const customerNames = ['Kasun Perera', 'kasun perera', 'Nimal Perera', 'Perera Motors', 'Éva Nagy', 'Dilani Silva', 'Asela de Silva', 'Ruwan Fernando'];

beforeAll(async () => {
  server = await TestServer.start();
  const shop = new Device('shop', server, random.fork());
  const category = (await shop.run('createCategory', { id: randomUUID(), name: 'Parts' })).args.id as string;
  const itemIds: string[] = [];
  for (let i = 0; i < 60; i++) {
    const created = await shop.run('createItem', {
      id: randomUUID(),
      itemName: `${itemNames[i % itemNames.length]}${i < itemNames.length ? '' : ` ${i}`}`,
      barcode: `BC-${String(4_500_000 + i * 37)}`,
      category,
      unitPrice: '1500',
      costPrice: '1000',
      stockQuantity: '3',
      reorderLevel: '2',
      description: '',
    });
    itemIds.push(created.args.id as string);
  }
  // Capitals that JavaScript lower-cases to ASCII letters and SQLite's lower() leaves alone: 'İ' (to
  // 'i' and a combining dot) and the Kelvin sign (to 'k').
  for (const [n, itemName] of ['İlya bolt', '\u212Aelvin gauge'].entries()) {
    await shop.run('createItem', {
      id: randomUUID(),
      itemName,
      barcode: `ZZ-${n}`,
      category,
      unitPrice: '900',
      costPrice: '500',
      stockQuantity: '1',
      reorderLevel: '0',
      description: '',
    });
  }
  const customerIds: string[] = [];
  for (let i = 0; i < 40; i++) {
    const created = await shop.run('createCustomer', {
      id: randomUUID(),
      customerName: customerNames[i % customerNames.length]!,
      contactPerson: i % 3 === 0 ? 'Sunil Bandara' : '',
      email: i % 2 === 0 ? `owner${i}@perera-motors.lk` : `c${i}@mail.lk`,
      phone: `077${String(1_234_500 + i)}`,
      address: '12 Galle Road',
      vehicles: [
        { make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CAB-${4500 + i}`, vin: '' },
        ...(i % 4 === 0 ? [{ make: 'Honda', model: 'Fit', year: 2015, licensePlate: `KX-${9000 + i}`, vin: '' }] : []),
      ],
    });
    customerIds.push(created.args.id as string);
  }
  // Deleted rows are not in the device's lists, so not in the server's answer either.
  for (const id of itemIds.slice(0, 3)) await shop.run('deleteItem', { id });
  await shop.run('deleteCustomer', { id: customerIds[1]! });
  await shop.syncClean();
  shop.close();
  tablet = new Device('tablet', server, random.fork());
  await tablet.syncClean();
});

afterAll(async () => {
  tablet?.close();
  await server.stop();
});

async function serverPage(table: string, search: string, page: number, limit: number) {
  const response = await fetch(`${server.baseUrl}/api/sync/search?table=${table}&search=${encodeURIComponent(search)}&page=${page}&limit=${limit}`, {
    headers: { token: server.token },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { success: boolean; rows: { id: string }[]; total: number; page: number };
}

describe('GET /api/sync/search', () => {
  const cases: [table: 'items' | 'customers', search: string][] = [
    ['items', ''],
    ['items', 'pad'],
    ['items', 'brake pad'],
    ['items', 'BRAKE'],
    ['items', 'élan'],
    ['items', 'ÉLAN öl'],
    ['items', 'filter oil'],
    ['items', '5w'],
    ['items', '18'],
    ['items', 'bc'],
    ['items', '4500'], // the start of a barcode's digits
    ['items', '037'], // the end of one
    ['items', 'x'],
    ['items', 'i lya'], // 'İlya' is 'i̇lya' on the device: the words 'i' and 'lya'
    ['items', 'kelvin gauge'],
    ['items', 'i'],
    ['items', 'nothing matches this'],
    ['customers', ''],
    ['customers', 'perera'],
    ['customers', 'kasun perera'],
    ['customers', 'éva'],
    ['customers', 'motors'], // a name and an email's domain
    ['customers', 'sunil'],
    ['customers', '4512'], // a phone's ending
    ['customers', 'cab'],
    ['customers', '4521'], // a plate's digits
    ['customers', 'kx'], // a second vehicle's plate
    ['customers', 'toyota'], // the vehicle's make is not searched
  ];

  it.each(cases)('%s %j: the rows, order and total the device gives, on every page', async (table, search) => {
    const local = tablet.db[table] as unknown as Table<{ id: string }, string>;
    const limit = 7;
    const first = await queryPage(local, { search, page: 1, pageSize: limit });
    const pages = Math.max(1, Math.ceil(first.total / limit));
    for (let page = 1; page <= pages; page++) {
      const expected = await queryPage(local, { search, page, pageSize: limit });
      const answer = await serverPage(table, search, page, limit);
      expect(answer.total, `total of page ${page}`).toBe(expected.total);
      expect(answer.page).toBe(page);
      expect(
        answer.rows.map((row) => row.id),
        `page ${page}`,
      ).toEqual(expected.rows.map((row) => row.id));
      // Whole rows, as the pull delivers them (the screens show them as they are).
      for (const row of answer.rows) expect(row).toEqual((await server.mirror())[table].find((held) => held.id === row.id));
    }
  });

  it('finds what the cases expect (the comparison is not between two empty lists)', async () => {
    // Items cycle through 13 names: 'pad' starts a word of names 0 to 3 ('Kneepad' has it inside),
    // 20 of 60, less the 3 deleted; 'élan' names 5 and 6: 10.
    expect((await serverPage('items', 'pad', 1, 50)).total).toBe(17);
    expect((await serverPage('items', 'élan', 1, 50)).total).toBe(10);
    // Customers cycle through 8 names, 0 to 3 with 'Perera' (20 of 40, less the deleted one), and
    // even ones have a perera-motors.lk email (10 more among names 4 to 7).
    expect((await serverPage('customers', 'perera', 1, 50)).total).toBe(29);
    // Customer 12 alone: phone 0771234512 and plate CAB-4512.
    expect((await serverPage('customers', '4512', 1, 50)).total).toBe(1);
    expect((await serverPage('items', 'i lya', 1, 50)).total).toBe(1);
    expect((await serverPage('items', 'kelvin', 1, 50)).total).toBe(1);
  });

  it("names the categories of the page's items (the device may not hold them yet), and nothing for customers", async () => {
    const response = await fetch(`${server.baseUrl}/api/sync/search?table=items&search=pad&page=1&limit=50`, { headers: { token: server.token } });
    const body = (await response.json()) as { rows: { categoryId: string }[]; names: Record<string, string> };
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.names).toEqual({ [body.rows[0]!.categoryId]: 'Parts' });
    expect((await serverPage('customers', 'perera', 1, 5)) as unknown as { names: object }).toMatchObject({ names: {} });
  });

  it('refuses another table, or a page that is not a whole number, with a message', async () => {
    for (const query of ['table=jobCards', 'table=', 'table=items&page=0', 'table=items&limit=abc', `table=items&search=${'a '.repeat(101)}b`]) {
      const response = await fetch(`${server.baseUrl}/api/sync/search?${query}`, { headers: { token: server.token } });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/table must be one of items, customers|page must be|limit must be|search must be at most 200 characters/);
    }
  });

  it('answers only a logged-in user', async () => {
    const response = await fetch(`${server.baseUrl}/api/sync/search?table=items`);
    expect(response.status).toBe(401);
  });
});
