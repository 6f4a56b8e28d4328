import type { APIRequestContext, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { failIndexReads, holdStores } from './support/device-db';
import { admin } from './support/users';
import { changeCaption, periodStart } from '@shared/domain/dashboard';
import { formatMoney } from '@shared/domain/money';
import { customerBody, openJobBody, saleBody, saleLine } from '../../tests/factories';
import { answerConfirmation } from './support/in-page-confirm';

// Issue 10 in the browser: the dashboard from the device's own data. This file has a server and a
// database of its own (support/fixtures.ts), so the figures are fixed numbers: nothing happened on it
// before the first test; they are checked against the server's own routes too (which must agree).

const run = Date.now().toString(36).slice(-5);

interface Summary {
  todayIncome: number;
  todayCheckIns: number;
  resolvedIssues: number;
  lastWeek: { todayIncome: number; todayCheckIns: number; resolvedIssues: number };
}

const serverSummary = (request: APIRequestContext, token: string) => api<Summary>(request, token, 'get', '/api/dashboard/summary');

class Dashboard {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/dashboard');
    await expect(this.page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
  }
  card(key: 'income' | 'checkins' | 'finished') {
    return this.page.locator(`.summary-${key}`);
  }
  async value(key: 'income' | 'checkins' | 'finished'): Promise<string> {
    return (await this.card(key).locator('.summary-value').textContent()) ?? '';
  }
  legend(status: 'finished' | 'suspended' | 'open') {
    return this.page.locator(`.donut-legend .legend-${status}`);
  }
  async count(status: 'finished' | 'suspended' | 'open'): Promise<number> {
    return Number(await this.legend(status).locator('.legend-count').textContent());
  }
  /** The cards show exactly the server's figures, captions included (computed, not fixed text). */
  async expectServerFigures(request: APIRequestContext, token: string): Promise<Summary> {
    const summary = await serverSummary(request, token);
    await expect(this.card('income').locator('.summary-value')).toHaveText(formatMoney(Math.round(summary.todayIncome * 100)));
    await expect(this.card('checkins').locator('.summary-value')).toHaveText(String(summary.todayCheckIns));
    await expect(this.card('finished').locator('.summary-value')).toHaveText(String(summary.resolvedIssues));
    await expect(this.card('income').locator('.summary-caption')).toHaveText(changeCaption(summary.todayIncome, summary.lastWeek.todayIncome));
    await expect(this.card('checkins').locator('.summary-caption')).toHaveText(changeCaption(summary.todayCheckIns, summary.lastWeek.todayCheckIns));
    await expect(this.card('finished').locator('.summary-caption')).toHaveText(changeCaption(summary.resolvedIssues, summary.lastWeek.resolvedIssues));
    return summary;
  }
}

test.describe('dashboard', () => {
  test.describe.configure({ mode: 'serial' });
  let token = '';
  let customerId = '';
  let serviceId = '';
  const mechanic = { id: '', name: '' };
  const customerName = `Kamal Jayasinghe ${run}`;
  const phone = `0718${String(Date.now()).slice(-6)}`;
  const plate = `DSH-${run.toUpperCase()}`;

  // The request fixture of the running test (API calls made as another device).
  const requestRef: { current: APIRequestContext | null } = { current: null };
  const newJob = (problem: string) =>
    api<{ jobCard: { _id: string; jobNumber: string } }>(
      requestRef.current!,
      token,
      'post',
      '/api/job-cards',
      openJobBody(customerId, plate, { dateIn: new Date().toISOString(), jobType: problem, mechanic: mechanic.id, promisedDate: '2026-12-24' }),
    );

  test.beforeAll(async ({ request }) => {
    requestRef.current = request;
    token = await adminToken(request);
    const created = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(customerName, phone, plate));
    customerId = created.customer._id;
    const { mechanics } = await api<{ mechanics: { _id?: string; id?: string; name: string }[] }>(request, token, 'get', '/api/user/mechanics');
    mechanic.id = mechanics[0]!._id ?? mechanics[0]!.id!;
    mechanic.name = mechanics[0]!.name;
    serviceId = (await api<{ service: { _id: string } }>(request, token, 'post', '/api/services', { name: `Wheel alignment ${run}`, price: 2500 })).service._id;
  });

  test("follows another register's jobs and sales live, with the server's figures and captions", async ({ page, request }, testInfo) => {
    requestRef.current = request;
    await loginAs(page, admin);
    await waitForSynced(page);
    const dashboard = new Dashboard(page);
    await dashboard.open();
    const before = await dashboard.expectServerFigures(request, token);
    expect([before.todayCheckIns, before.resolvedIssues, before.todayIncome]).toEqual([0, 0, 0]);
    expect([await dashboard.count('open'), await dashboard.count('finished')]).toEqual([0, 0]);

    // A job checked in on another tablet: today's check-ins, the month's open jobs and the open
    // jobs table move without a reload.
    const job = (await newJob(`Steering pulls left ${run}`)).jobCard;
    await expect(dashboard.card('checkins').locator('.summary-value')).toHaveText('1');
    await expect.poll(() => dashboard.count('open')).toBe(1);
    const openRow = page.locator('table.open-jobs-table tbody tr').filter({ hasText: customerName });
    await expect(openRow).toContainText(phone);
    await expect(openRow).toContainText(`Steering pulls left ${run}`);
    await expect(openRow).toContainText(mechanic.name);
    await expect(openRow).toContainText('Promised 24/12/2026');
    // The dashboard's Open badge is blue (spec: received or open is blue here), not the reports' green.
    const badge = openRow.locator('.status-pill');
    await expect(badge).toHaveText('Open');
    await expect(badge).toHaveCSS('color', 'rgb(21, 101, 192)');
    await expect(badge).toHaveCSS('background-color', 'rgb(227, 236, 251)');

    // Finished over there: today's finishes, the donut, and the job leaves Open Jobs.
    await api(request, token, 'put', `/api/job-cards/${job._id}`, { status: 'Finished' });
    await expect(dashboard.card('finished').locator('.summary-value')).toHaveText('1');
    await expect.poll(() => dashboard.count('finished')).toBe(1);
    await expect.poll(() => dashboard.count('open')).toBe(0);
    await expect(openRow).toHaveCount(0);

    // A sale of 2,500 with 1,234.50 paid: today's income, the last sale, this month's bar and the headline.
    await expect(page.locator('.sales-total')).toHaveText(formatMoney(0));
    // The invoice carries its own rate (0), so the company's tax setting does not move the total.
    const sale = saleBody(customerId, [saleLine(`Wheel alignment ${run}`, 2500, { itemId: serviceId, isService: true })], { paidAmount: 1234.5 });
    await api(request, token, 'post', '/api/sales/sales-invoices', sale);
    await expect(dashboard.card('income').locator('.summary-value')).toHaveText(formatMoney(123_450));
    await expect(page.locator('.last-sale')).toContainText('Rs. 2,500.00');
    await expect(page.locator('.sales-bars g')).toHaveCount(7);
    // The headline is money in the one format (Rs.), the 7 months' sum: the one sale.
    await expect(page.locator('.sales-total')).toHaveText(formatMoney(250_000));
    const thisMonth = `${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}`;
    await expect(page.locator('.sales-bars g').last()).toHaveAttribute('data-month', thisMonth);
    await expect(page.locator('.sales-bars g').last().locator('.sales-label')).toHaveText(new Date().toLocaleString('en-US', { month: 'short' }));
    await dashboard.expectServerFigures(request, token);

    // The donut's periods: each agrees with the server's stats for the same start.
    for (const period of ['Day', 'Week', 'Month'] as const) {
      await page.getByLabel('Job status period').selectOption(period);
      const from = periodStart(period, new Date()).toISOString();
      const stats = await api<{ finished: number; suspended: number; open: number; total: number }>(
        request,
        token,
        'get',
        `/api/job-cards/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date().toISOString())}`,
      );
      await expect.poll(() => dashboard.count('finished'), { message: period }).toBe(stats.finished);
      await expect.poll(() => dashboard.count('open'), { message: period }).toBe(stats.open);
      await expect.poll(() => dashboard.count('suspended'), { message: period }).toBe(stats.suspended);
      const percent = stats.total === 0 ? 0 : Math.round((stats.finished / stats.total) * 100);
      await expect(dashboard.legend('finished').locator('.legend-percent')).toHaveText(`${percent}%`);
    }
    await snap(page, testInfo, 'dashboard');
  });

  test('works offline from the device, and follows a job suspended on it', async ({ page, context, request }, testInfo) => {
    requestRef.current = request;
    const job = (await newJob(`Oil leak ${run}`)).jobCard;
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    const dashboard = new Dashboard(page);
    await dashboard.open();
    // Today: the first test's job (finished) and this one (open).
    const online = await dashboard.expectServerFigures(request, token);
    expect(online.todayCheckIns).toBe(2);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
    await expect(dashboard.card('checkins').locator('.summary-value')).toHaveText('2');
    expect([await dashboard.count('open'), await dashboard.count('suspended')]).toEqual([1, 0]);

    // Suspended from Current Jobs while offline: the dashboard follows it at once.
    await page.goto('/transaction/job-card?tab=current');
    const row = page
      .locator('table.current-jobs-table tbody tr')
      .filter({ hasText: `Oil leak ${run}` })
      .or(page.locator('table.current-jobs-table tbody tr').filter({ hasText: job.jobNumber }));
    await row
      .first()
      .getByRole('button', { name: /^Suspend/ })
      .click();
    await answerConfirmation(page, 'Suspend');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
    await expect.poll(() => dashboard.count('suspended')).toBe(1);
    await expect.poll(() => dashboard.count('open')).toBe(0);
    await expect(page.locator('table.open-jobs-table tbody tr').filter({ hasText: `Oil leak ${run}` })).toHaveCount(0);
    await snap(page, testInfo, 'dashboard-offline');

    // Back online, the suspension reaches the server once and the figures still agree.
    await context.setOffline(false);
    await waitForSynced(page, 30_000);
    const server = await api<{ jobCard: { status: string } }>(request, token, 'get', `/api/job-cards/${job._id}`);
    expect(server.jobCard.status).toBe('Suspended');
    await dashboard.expectServerFigures(request, token);
  });

  test("with no job on the device: 'No open jobs found.' and a grey donut in every period", async ({ page }) => {
    // This device's pulls bring every record but the job cards (the earlier tests' jobs are on the
    // server): the device holds none, so every count is 0 whatever the day.
    await page.route(/\/api\/sync\/pull\?/, async (route) => {
      const response = await route.fetch();
      if (!response.ok()) return route.fulfill({ response });
      const body = (await response.json()) as { changes: { table: string }[] };
      await route.fulfill({ status: response.status(), json: { ...body, changes: body.changes.filter((change) => change.table !== 'jobCards') } });
    });
    await loginAs(page, admin);
    await waitForSynced(page);
    const dashboard = new Dashboard(page);
    await dashboard.open();
    const openJobs = page.locator('table.open-jobs-table tbody tr');
    await expect(openJobs).toHaveText(['No open jobs found.']);
    await expect(page.getByRole('region', { name: 'Open Jobs' }).getByText(/^Showing /)).toHaveCount(0);

    const donut = page.locator('svg.donut');
    for (const period of ['Day', 'Week', 'Month'] as const) {
      await page.getByLabel('Job status period').selectOption(period);
      await expect(donut).toHaveAttribute('data-period', period);
      await expect(donut).toHaveAttribute('aria-label', '0 jobs');
      // Only the grey ring: no coloured segment is drawn.
      await expect(donut.locator('circle')).toHaveCount(1);
      await expect(donut.locator('circle.donut-empty')).toHaveCSS('stroke', 'rgb(229, 231, 235)');
      await expect(donut.locator('.donut-total')).toHaveText('0');
      for (const status of ['finished', 'suspended', 'open'] as const) {
        await expect(dashboard.legend(status).locator('.legend-count'), `${period} ${status}`).toHaveText('0');
        await expect(dashboard.legend(status).locator('.legend-percent'), `${period} ${status}`).toHaveText('0%');
      }
    }
  });

  test("says 'Loading...' in Open Jobs until the device's jobs are read", async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/inventory/items');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory Items' })).toBeVisible();
    // The job cards' store and their counts are held by another connection: the dashboard's reads of them wait.
    const release = await holdStores(page, ['jobCards', 'jobCounts']);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
    const openJobs = page.locator('table.open-jobs-table tbody tr');
    await expect(openJobs).toHaveText(['Loading...']);
    await expect(page.locator('svg.donut')).toHaveAttribute('aria-label', 'Loading...');
    await expect(page.locator('section.dashboard')).not.toHaveAttribute('data-loaded', 'true');
    await release();
    await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
    await expect(openJobs.filter({ hasText: 'Loading...' })).toHaveCount(0);
    await expect(page.locator('svg.donut')).toHaveAttribute('aria-label', /^\d+ jobs$/);
  });

  test("a failed read of the device's jobs says 'Failed to load stats' and 'Failed to load open jobs'", async ({ page }) => {
    // Open Jobs reads the job cards' [status+dateIn] index, both read the job counts (db/job-counts.ts);
    // the summary cards read others.
    const failingJobs = await failIndexReads(page, 'jobCards', '[status+dateIn]');
    const failingCounts = await failIndexReads(page, 'jobCounts', null);
    await loginAs(page, admin);
    await waitForSynced(page);
    await failingJobs();
    await failingCounts();
    await page.goto('/dashboard');
    await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
    const jobStatus = page.getByRole('region', { name: 'Job Status' });
    await expect(jobStatus.locator('.form-error')).toHaveText('Failed to load stats');
    await expect(jobStatus.locator('svg.donut')).toHaveCount(0);
    await expect(page.locator('table.open-jobs-table tbody tr')).toHaveText(['Failed to load open jobs']);
    // The period can still be changed; the message stays.
    await page.getByLabel('Job status period').selectOption('Week');
    await expect(jobStatus.locator('.form-error')).toHaveText('Failed to load stats');
    await expect(page.locator('.summary-checkins .summary-value')).toHaveText(/^\d+$/);
  });
});
