import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobService, openJobBody } from '../../tests/factories';

// Issue 47: Job History filters by date. Three jobs of one customer came in on 2, 15 and 1 December;
// the period 10/11/2026 to 30/11/2026, typed as the shop writes days, keeps the middle one, in the
// table, the address (a reload keeps it) and the PDF's filters line.

const run = `r${Date.now().toString(36).slice(-5)}`;

test('Job History lists the jobs that came in within the days typed, and its PDF says so', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const name = `Sunil Fernando ${run}`;
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(name, '0773456789', `CAB-${run}`));
  const plates: string[] = [];
  // Midday in Colombo: the same day wherever the test runs between UTC−6 and UTC+11.
  for (const [index, day] of ['2026-11-02', '2026-11-15', '2026-12-01'].entries()) {
    const plate = `WP ${run.toUpperCase()}-${index}`;
    plates.push(plate);
    await api(request, token, 'post', '/api/job-cards', openJobBody(customer._id, plate, { dateIn: `${day}T06:30:00.000Z`, jobServices: [jobService('Full service', 4500)] }));
  }
  await loginAs(page, admin);
  await waitForSynced(page);
  await page.goto('/report/job-history');
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(run);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const total = page.getByTestId('report-total');
  await expect(total).toHaveText('Total: 3');

  await page.getByRole('textbox', { name: 'From date' }).fill('10/11/2026');
  await page.getByRole('textbox', { name: 'To date' }).fill('30/11/2026');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(total).toHaveText('Total: 1');
  const rows = page.locator('table.job-history-table > tbody > tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(plates[1]!);
  await expect(rows.first()).toContainText('15/11/2026');
  await expect(page).toHaveURL(/from=2026-11-10&to=2026-11-30/);
  await page.screenshot({ path: testInfo.outputPath('job-history-period.png') });

  await page.reload();
  await expect(total).toHaveText('Total: 1');
  await expect(page.getByRole('textbox', { name: 'From date' })).toHaveValue('10/11/2026');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const file = testInfo.outputPath('job-history-period.pdf');
  await (await downloaded).saveAs(file);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  expect(text).toContain(`Search: ${run} · Date In 10/11/2026 to 30/11/2026`);
  expect(text).toContain('Total: 1 job');
  expect(text).toContain(plates[1]!);
  expect(text).not.toContain(plates[0]!);

  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'From date' })).toHaveValue('');
  await expect(total).not.toHaveText('Total: 1');
});
