import { attentionKinds } from '@shared/domain/attention';
import type { Page } from 'playwright/test';
import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { adminToken, api } from './support/server-api';
import { expectInsideWindow, expectNoSidewaysScroll } from './support/shell-checks';
import { device, expectFits, expectRowsInside, expectTidyFolds, look, sizes } from './support/fit-checks';
import { admin } from './support/users';
import { customerBody, itemBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';

// Issue 47's layout points, with the shop's own data from its walk (shared/evidence/2026-12-06-walk):
// the bell's 'Show' settings at the counter PC's 1280×800, Finished Jobs with an invoiced job (its
// '#INV-D71P5-00001' button) on a portrait tablet, the Dashboard's folded mechanic and promise, and
// the Returns Report's Group by, each at the three sizes, with a picture of each to look at.

const customer = 'Sunil Fernando';
const plate = 'CAB-1234';
const bulb = 'Headlamp Bulb H4 12V';
const yesterday = () => new Date(Date.now() - 86_400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** Every element that scrolls sideways, or would (its content wider than its box and not clipped away). */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        const scrolls = element === document.documentElement || overflow === 'auto' || overflow === 'scroll';
        return scrolls && element.scrollWidth > element.clientWidth;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} px in ${element.clientWidth} px`),
  );
}

test.describe("the shop's day fits the tablet and the counter PC (issue 47)", () => {
  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    const login = await request.post('/api/user/login', { data: { email: admin.email, password: admin.password } });
    const mechanicId = ((await login.json()) as { user: { _id: string } }).user._id;
    const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: 'Lights' })).category._id;
    const { item } = await api<{ item: { _id: string } }>(
      request,
      token,
      'post',
      '/api/items',
      itemBody(category, { itemName: bulb, unitPrice: 950, stockQuantity: 3, reorderLevel: 3 }),
    );
    const customerId = (await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(customer, '0773456789', plate))).customer._id;
    // Two open jobs past their promise, the mechanic named (the Dashboard folds both on a portrait tablet).
    for (const service of ['Brake noise check', 'Full service'])
      await api(
        request,
        token,
        'post',
        '/api/job-cards',
        openJobBody(customerId, plate, { mechanicId, promisedDate: yesterday(), promisedTime: '16:00', jobServices: [jobService(service, 2500)] }),
      );
    // A finished job invoiced by a register, as the shop's was: INV-D71P5-00001 (a register's number is kept).
    const finished = (
      await api<{ jobCard: { _id: string } }>(
        request,
        token,
        'post',
        '/api/job-cards',
        openJobBody(customerId, plate, { mechanicId, jobServices: [jobService('Oil change', 4500)] }),
      )
    ).jobCard;
    await api(request, token, 'put', `/api/job-cards/${finished._id}`, { status: 'Finished' });
    const sale = saleBody(customerId, [saleLine(bulb, 950, { itemId: item._id }), saleLine('Oil change', 4500)], { jobCardId: finished._id, invoiceNo: 'INV-D71P5-00001' });
    await api(request, token, 'post', '/api/sales/sales-invoices', sale);
  });

  for (const size of sizes) {
    test.describe(`at ${size.name} (${size.width}×${size.height})`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await device(browser, size);
      });
      test.afterAll(async () => {
        await page?.context().close();
      });

      test("the bell's 'Show' settings: a small box at the start of each line, its words beside it", async ({}, testInfo) => {
        await page.goto('/report/returns');
        const bell = page.getByRole('button', { name: /^Notifications/ });
        await expect(bell).toHaveAccessibleName(/unread/);
        await bell.click();
        const panel = page.getByRole('dialog', { name: 'Notifications' });
        await expect(panel.getByRole('button', { name: /1 item below the reorder level/ })).toContainText(`${bulb} (2 of 3)`);
        await panel.locator('summary', { hasText: 'Show' }).click();
        const kinds = panel.locator('label.bell-kind');
        await expect(kinds).toHaveCount(attentionKinds.length);
        await expectInsideWindow(kinds, `the bell's kinds at ${size.name}`);
        const boxes = await kinds.evaluateAll((labels) =>
          labels.map((label) => {
            const box = label.querySelector('input')!.getBoundingClientRect();
            const line = label.getBoundingClientRect();
            return { name: label.textContent!.trim(), width: box.width, height: box.height, fromStart: box.left - line.left, lineHeight: line.height };
          }),
        );
        for (const box of boxes) {
          expect(box.width, `${box.name}: the checkbox's width at ${size.name}`).toBeLessThanOrEqual(24);
          expect(box.height, `${box.name}: the checkbox's height at ${size.name}`).toBeLessThanOrEqual(24);
          expect(box.fromStart, `${box.name}: the checkbox starts its line at ${size.name}`).toBeLessThan(4);
          expect(box.lineHeight, `${box.name}: its words fit a line or two at ${size.name}`).toBeLessThanOrEqual(52);
        }
        await page.screenshot({ path: join(testInfo.project.outputDir, 'screens', `fit-${size.name}-bell-show.png`) });
        await bell.click();
      });

      test('Finished Jobs with an invoiced job does not scroll sideways', async ({}, testInfo) => {
        await page.goto('/transaction/job-card');
        await page.getByRole('tab', { name: 'Finished Jobs' }).click();
        const rows = page.locator('table.finished-jobs-table tbody tr[data-row-id]');
        await expect(rows).toHaveCount(1);
        await expect(rows.first().getByRole('button', { name: 'Invoice #INV-D71P5-00001: open to print' })).toBeVisible();
        expect(await sidewaysScrollers(page), `what scrolls sideways on Finished Jobs at ${size.name}`).toEqual([]);
        await expectFits(page, size, 'Finished Jobs');
        // The table stays inside its panel (the 16 px the shop saw were the actions past its edge).
        const [table, panel] = await Promise.all([page.locator('table.finished-jobs-table').boundingBox(), page.locator('.panel:has(> table.finished-jobs-table)').boundingBox()]);
        expect(table!.x + table!.width, `Finished Jobs' table inside its panel at ${size.name}`).toBeLessThanOrEqual(panel!.x + panel!.width);
        await expectRowsInside(rows, `Finished Jobs at ${size.name}`);
        await look(page, testInfo, size, 'shop-finished-jobs');
      });

      test("the Dashboard's Open Jobs: the promise follows the mechanic on its line", async ({}, testInfo) => {
        await page.goto('/dashboard');
        await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
        await expect(page.locator('.open-jobs-table tbody tr[data-row-id]')).toHaveCount(2);
        const folds = await expectTidyFolds(page, `Open Jobs at ${size.name}`);
        if (size.width < 800) expect(folds, 'the Mechanic column folds on a portrait tablet').toBeGreaterThan(0);
        await expectNoSidewaysScroll(page, `the Dashboard at ${size.name}`);
        await look(page, testInfo, size, 'shop-dashboard');
      });

      test("the Returns Report's Group by is as wide as its words", async ({}, testInfo) => {
        await page.goto('/report/returns');
        await expect(page.getByRole('heading', { level: 1, name: 'Returns Report' })).toBeVisible();
        const groupBy = await page.getByLabel('Group by').boundingBox();
        expect(groupBy!.width, `the Group by select at ${size.name}`).toBeLessThan(240);
        await expectNoSidewaysScroll(page, `the Returns Report at ${size.name}`);
        await look(page, testInfo, size, 'shop-returns-report');
      });
    });
  }
});
