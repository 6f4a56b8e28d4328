import type { Browser, Locator, Page, TestInfo } from 'playwright/test';
import { expect } from 'playwright/test';
import { loginAs } from './login-page';
import { snap } from './screenshots';
import { admin } from './users';
import { waitForSynced } from './sync';
import { expectInsideWindow, expectNoSidewaysScroll, touchTargetProblems } from './shell-checks';

// Issue 25's checks for the workflow screens (workflow-fit*.spec.ts), shared by their specs: the
// workshop tablet's two sizes (touch) and the counter PC's.

export const sizes = [
  { name: 'tablet-landscape', width: 1024, height: 768, hasTouch: true },
  { name: 'tablet-portrait', width: 768, height: 1024, hasTouch: true },
  { name: 'counter-pc', width: 1280, height: 800, hasTouch: false },
] as const;
export type Size = (typeof sizes)[number];

/** A new device of that size, the Admin logged in and synced. */
export async function device(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.hasTouch });
  const page = await context.newPage();
  await loginAs(page, admin);
  await waitForSynced(page);
  return page;
}

/**
 * The shell's checks on what shows now: no sideways scroll; on a tablet, every control takes a
 * finger at the top and the bottom (of the page, or of the `scope` dialog's body, or of `scope`
 * itself when it is a panel that scrolls by itself).
 */
export async function expectFits(page: Page, size: Size, where: string, scope?: string): Promise<void> {
  await expectNoSidewaysScroll(page, `${where} at ${size.name}`);
  if (!size.hasTouch) return;
  if (scope) {
    for (const to of ['top', 'bottom'] as const) {
      await page.locator(scope).evaluate((element, end) => {
        const body = element.querySelector('.modal-body') ?? element;
        body.scrollTo(0, end === 'top' ? 0 : body.scrollHeight);
      }, to);
      expect(await touchTargetProblems(page, scope), `${where} at ${size.name} (${to}): controls a finger uses`).toEqual([]);
    }
    return;
  }
  for (const to of ['top', 'bottom'] as const) {
    await page.evaluate((end) => window.scrollTo(0, end === 'top' ? 0 : document.body.scrollHeight), to);
    expect(await touchTargetProblems(page), `${where} at ${size.name} (${to}): controls a finger uses`).toEqual([]);
  }
}

/** Each row's visible cells and its actions lie inside the window. */
export async function expectRowsInside(rows: Locator, where: string): Promise<void> {
  const count = await rows.count();
  expect(count, `${where}: rows to check`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expectInsideWindow(rows.nth(i).locator(':scope > td:visible'), `${where}, row ${i + 1}`);
    const actions = rows.nth(i).locator(':scope > td.actions-col :is(button, a[href])');
    if ((await actions.count()) > 0) await expectInsideWindow(actions, `${where}, row ${i + 1} actions`);
  }
}

/**
 * The columns folded under each row's name: none is a bare label ('Mechanic:' with nothing after
 * it), and a value's second line (a promised date under the mechanic) follows it on its line
 * rather than starting an indented line of its own. Returns how many folds were visible.
 */
export async function expectTidyFolds(page: Page, where: string): Promise<number> {
  const folds = await page.locator('.data-table .fold:visible').evaluateAll((nodes) =>
    nodes.map((fold) => {
      const dd = fold.querySelector('dd')!;
      const sub = dd.querySelector('.cell-sub');
      const top = (element: Element) => element.getClientRects()[0]?.top ?? NaN;
      return { label: fold.querySelector('dt')?.textContent ?? '', value: dd.textContent?.trim() ?? '', subOffset: sub ? top(sub) - top(dd) : 0 };
    }),
  );
  for (const fold of folds) {
    expect(fold.value, `${where}: the folded ${fold.label} has a value`).not.toBe('');
    expect(Math.abs(fold.subOffset), `${where}: the folded ${fold.label}'s second part is on its first line`).toBeLessThan(4);
  }
  return folds.length;
}

/** A full-page picture of the screen from its top (test-results/screens/fit-<size>-<name>.png). */
export async function look(page: Page, testInfo: TestInfo, size: Size, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, `fit-${size.name}-${name}`);
}
