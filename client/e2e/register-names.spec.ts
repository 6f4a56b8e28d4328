import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';

// Issue 47 in the browser: an Admin names this register in User Management; the Cash Drawer screen
// shows the name beside the code, and still does offline (the device keeps the names it was given).

const run = Date.now().toString(36).slice(-5);

test('an Admin names a register in User Management and the drawer shows it beside the code, offline too', async ({ page }) => {
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  const code = await page.evaluate(async () => {
    const open = indexedDB.open('garage');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = idb.transaction('syncState').objectStore('syncState').get('deviceCode');
    return new Promise<string>((resolve) => {
      read.onsuccess = () => resolve((read.result as { value?: string } | undefined)?.value ?? '');
    });
  });
  expect(code).toMatch(/^D[A-Z0-9]{4}$/);

  await page.goto('/staff-management');
  const name = page.getByRole('textbox', { name: `Name of register ${code}` });
  await name.fill(`Counter ${run}`);
  await name.press('Enter');
  await expect(page.getByText(`Register ${code} is now named Counter ${run}.`)).toBeVisible();

  await page.goto('/transaction/cash-drawer');
  await expect(page.locator('.open-drawer-form')).toContainText(`Register ${code} (Counter ${run})`);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.locator('.open-drawer-form')).toContainText(`Register ${code} (Counter ${run})`);
  await page.context().setOffline(false);
});
