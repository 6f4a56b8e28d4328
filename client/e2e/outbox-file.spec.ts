import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, serverCategoryCounts } from './support/server-api';
import { outboxCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';

// Issue 28, 'When all else fails': a tablet that cannot reach the server saves its unsent changes
// to a file from the sync panel; an Admin sends the file from the counter PC. The change is recorded
// once, and when the tablet reconnects it sends nothing twice and shows no problem.

const run = Date.now().toString(36).slice(-5);

async function device(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  return { context, page };
}

test('unsent changes exported on an offline tablet and sent from the counter count once', async ({ browser, request }, testInfo) => {
  const token = await adminToken(request);
  const tablet = await device(browser);
  await tablet.context.setOffline(true);
  const name = `Brake discs ${run}`;
  await tablet.page.goto('/categories');
  await tablet.page.getByRole('button', { name: '+ Add New Category' }).click();
  await tablet.page.getByRole('dialog').getByLabel('Category Name').fill(name);
  await tablet.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => outboxCount(tablet.page)).toBe(1);

  // The tablet saves its unsent changes to a file, offline.
  await tablet.page.getByTestId('sync-indicator').click();
  const panel = tablet.page.getByRole('dialog', { name: 'Sync status' });
  const downloading = tablet.page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export unsent changes' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^unsent-changes-[A-Z0-9]+-\d{12}\.json$/);
  const file = testInfo.outputPath('unsent-changes.json');
  await download.saveAs(file);
  await snap(tablet.page, testInfo, 'outbox-export');

  // An Admin at the counter sends it: recorded once on the server.
  const counter = await device(browser);
  await counter.page.getByTestId('sync-indicator').click();
  const counterPanel = counter.page.getByRole('dialog', { name: 'Sync status' });
  // A file edited on its way (the category's name changed by hand) is refused whole, in words.
  const edited = JSON.parse(readFileSync(file, 'utf8')) as { entries: { args: { name: string } }[] };
  edited.entries[0]!.args.name = `Edited ${run}`;
  await counterPanel.getByLabel('Unsent changes file').setInputFiles({ name: 'edited.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited)) });
  await expect(counter.page.locator('.toast').filter({ hasText: 'This file was changed after it was exported' }).last()).toBeVisible();
  expect(await counter.page.getByRole('dialog', { name: 'Unsent changes from another device' }).count()).toBe(0);

  // The file as exported: the server checks it, and the Admin sees what it does before sending it.
  await counterPanel.getByLabel('Unsent changes file').setInputFiles(file);
  const preview = counter.page.getByRole('dialog', { name: 'Unsent changes from another device' });
  await expect(preview.getByRole('table', { name: 'Changes by kind' })).toContainText('create category');
  await expect(preview.getByRole('table', { name: 'Changes by author' })).toContainText('Admin');
  await snap(counter.page, testInfo, 'outbox-import-preview');
  await preview.getByRole('button', { name: 'Send 1 change' }).click();
  await expect(counter.page.locator('.toast').filter({ hasText: 'Sent 1 change: 1 recorded, 0 refused.' }).last()).toBeVisible();
  await expect(preview).toHaveCount(0);
  expect((await serverCategoryCounts(request, token))[`Edited ${run}`]).toBeUndefined();
  expect((await serverCategoryCounts(request, token))[name]).toBe(1);
  // A file that is not an export is refused in words.
  await counterPanel.getByLabel('Unsent changes file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
  await expect(counter.page.locator('.toast').filter({ hasText: 'This file is not an export of unsent changes.' }).last()).toBeVisible();

  // The tablet reconnects: its change goes out, answered as already recorded; no problem, no second row.
  await tablet.context.setOffline(false);
  await waitForSynced(tablet.page, 30_000);
  expect(await outboxCount(tablet.page)).toBe(0);
  await expect(tablet.page.getByTestId('sync-indicator')).not.toContainText('!');
  expect((await serverCategoryCounts(request, token))[name]).toBe(1);
  await tablet.context.close();
  await counter.context.close();
});
