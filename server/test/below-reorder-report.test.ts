import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestServer, type Json, type TestServer } from './helpers';
import { isBelowReorderLevel } from '@shared/domain/attention';
import { itemBody, saleBody, saleLine } from '../../tests/factories';

// The Low Stock Report's 'Below reorder level' view over HTTP (issue 47, major 6): the list and the
// server's PDF name exactly the items the bell counts, by the shared reorder-level rule.

const list = '/api/stock-report/low-stock-items';

/** Items as [name, stock, reorder level]: each side of the rule, at its edges. */
const shelf = [
  ['Headlamp bulb', 2, 3], // the shop's 2 of 3
  ['Brake pad', 2.99, 3],
  ['Oil filter', 3, 3], // at the level: not below
  ['Coolant', 0, 0], // a level of 0 asks for nothing
  ['Wiper blade', 1, 0], // nor does it with stock in hand
  ['Spark plug', 5, 20],
  ['Fuse', 40, 20],
] as const;

describe("the 'Below reorder level' view", () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  const ids: Record<string, string> = {};

  const names = async (query: string, token = admin) => {
    const answer = await server.call('GET', `${list}${query}`, token);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return (answer.json as unknown as Json[]).map((row) => row.itemName as string);
  };

  beforeAll(async () => {
    server = await makeTestServer();
    admin = (await server.userWithRole('Admin')).token;
    staff = (await server.userWithRole('Staff')).token;
    const category = (await server.call('POST', '/api/categories', admin, { name: 'Parts' })).json.category._id as string;
    for (const [itemName, stockQuantity, reorderLevel] of shelf) {
      const answer = await server.call(
        'POST',
        '/api/items',
        admin,
        itemBody(category, { itemName, barcode: itemName.toUpperCase().replace(/ /g, '-'), stockQuantity, reorderLevel }),
      );
      ids[itemName] = answer.json.item._id as string;
    }
    // Two sales of the last coolant: stock ends at −1, below a level of 0.
    await server.call('POST', '/api/items', admin, itemBody(category, { itemName: 'Radiator hose', barcode: 'HOSE', stockQuantity: 1, reorderLevel: 0 }));
    const hose = (await server.call('GET', '/api/items?search=HOSE', admin)).json.items[0]._id as string;
    for (let i = 0; i < 2; i++) await server.call('POST', '/api/sales/sales-invoices', admin, saleBody(null, [saleLine('Radiator hose', 100, { itemId: hose })]));
    await server.call('DELETE', `/api/items/${ids['Brake pad']}`, admin);
  });
  afterAll(() => server.close());

  it('lists the live items below their reorder level, by the rule the bell uses, emptiest first', async () => {
    const expected = shelf
      .filter(([name, stock, level]) => name !== 'Brake pad' && isBelowReorderLevel({ stockHundredths: Math.round(stock * 100), reorderLevel: level }))
      .map(([name]) => name);
    expect(expected).toEqual(['Headlamp bulb', 'Spark plug']);
    expect(await names('?view=reorder')).toEqual(['Radiator hose', ...expected]);
    // Any role; a threshold beside it changes nothing.
    expect(await names('?view=reorder&threshold=100', staff)).toEqual(await names('?view=reorder'));
    // The spec's report is unchanged: below 2 only.
    expect(await names('')).toEqual(['Radiator hose', 'Coolant', 'Wiper blade']);
  });

  it.each(['Reorder', 'below', '1'])('refuses view=%s with a 400 that names it', async (view) => {
    const answer = await server.call('GET', `${list}?view=${view}`, admin);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, message: expect.stringMatching(/^view must be 'reorder'/) });
  });

  it('has a PDF of its own by a signed link that names the view, and a link changed by hand opens nothing', async () => {
    const link = await server.call('POST', `${list}/report-link?view=reorder`, staff);
    expect(link.status).toBe(200);
    const url = new URL(link.json.url as string, 'http://shop');
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'signature', 'user', 'view']);
    const response = await server.app.request(url.pathname + url.search);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('inline; filename="low_stock_items_below_reorder_level.pdf"');
    const file = join(server.dir, 'below-reorder.pdf');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Low Stock Items Report (Below Reorder Level)');
    expect(text).toContain('Total items below reorder level: 3');
    expect(text).toMatch(/HEADLAMP-BULB Headlamp bulb Parts 2 3 Rs\. 1,250\.50/);
    expect(text).not.toContain('Oil filter');

    url.searchParams.delete('view');
    expect((await server.app.request(url.pathname + url.search)).status).toBe(401);
  });
});
