import type { Locator, Page } from 'playwright/test';
import { expect } from 'playwright/test';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const axePath = createRequire(join(process.cwd(), 'package.json')).resolve('axe-core/axe.min.js');

/** axe-core's scan of what the page shows now (WCAG 2 A and AA rules); every violation, described. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses an inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${readFileSync(axePath, 'utf8')}\n;undefined`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

export async function expectNoAccessibilityViolations(page: Page, where: string): Promise<void> {
  expect(await accessibilityViolations(page), `accessibility violations on ${where}`).toEqual([]);
}

/** The page does not scroll sideways (nothing is wider than the window). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.scroll, `${where}: the page is ${widths.scroll} px wide in a ${widths.window} px window`).toBeLessThanOrEqual(widths.window);
}

export interface TouchProblem {
  what: string;
  problem: string;
}

/**
 * Every control a finger can reach on screen now (within `scope`, e.g. an open dialog): at least
 * 44 × 44 px (a checkbox counts its label's box, which takes the tap), and at least 8 px from its
 * neighbours.
 */
export async function touchTargetProblems(page: Page, scope = 'body'): Promise<TouchProblem[]> {
  return page.evaluate((scope) => {
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="menuitem"]';
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') || (element as HTMLElement).innerText?.trim() || element.getAttribute('placeholder') || element.getAttribute('name') || '';
      return `${element.tagName.toLowerCase()}${name ? ` "${name.slice(0, 40)}"` : ''}`;
    };
    const bars = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position) && !element.matches('.modal-backdrop, .toaster'),
    );
    const targets = [...(document.querySelector(scope)?.querySelectorAll<HTMLElement>(selector) ?? [])]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') return false;
        // Only what a finger can reach now: on screen and not under something else (a sticky bar,
        // a dialog's clipped scroll area). The caller scrolls to see the rest.
        // Under a sticky or fixed bar it does not belong to (the top bar, a form's action bar): checked
        // once it is scrolled clear of it.
        const underBar = bars.some((bar) => {
          if (bar.contains(element)) return false;
          const b = bar.getBoundingClientRect();
          return rect.left < b.right && rect.right > b.left && rect.top < b.bottom && rect.bottom > b.top;
        });
        if (underBar) return false;
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return !!hit && (element.contains(hit) || !!element.closest('label')?.contains(hit));
      })
      .map((element) => {
        const isToggle = element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type);
        const label = isToggle ? element.closest('label') : null;
        return { element, rect: (label ?? element).getBoundingClientRect(), box: label ?? element };
      });
    const problems: { what: string; problem: string }[] = [];
    for (const { element, rect } of targets) {
      if (rect.width < 43.5 || rect.height < 43.5) problems.push({ what: describe(element), problem: `${Math.round(rect.width)}×${Math.round(rect.height)} px` });
    }
    for (let i = 0; i < targets.length; i++) {
      for (let j = i + 1; j < targets.length; j++) {
        const a = targets[i]!;
        const b = targets[j]!;
        if (a.box.contains(b.box) || b.box.contains(a.box)) continue;
        const gapX = Math.max(b.rect.left - a.rect.right, a.rect.left - b.rect.right);
        const gapY = Math.max(b.rect.top - a.rect.bottom, a.rect.top - b.rect.bottom);
        const gap = Math.max(gapX, gapY);
        if (gap < 7.5) problems.push({ what: `${describe(a.element)} / ${describe(b.element)}`, problem: `${Math.round(gap)} px apart` });
      }
    }
    return problems;
  }, scope);
}

/**
 * How many px of the element are cut off: by the window's sides or by an ancestor that clips or
 * scrolls sideways (a panel with `overflow-x: auto` hides a column without making the page wider).
 */
async function clippedPixels(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    // Seen as the screen opens: a sideways scroll (Playwright's own, to reach the element) is undone.
    for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) ancestor.scrollLeft = 0;
    window.scrollTo(0, window.scrollY);
    const rect = element.getBoundingClientRect();
    let left = 0;
    let right = window.innerWidth;
    for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
      if (ancestor === document.body || ancestor === document.documentElement) break;
      if (getComputedStyle(ancestor).overflowX === 'visible') continue;
      const box = ancestor.getBoundingClientRect();
      left = Math.max(left, box.left + ancestor.clientLeft);
      right = Math.min(right, box.left + ancestor.clientLeft + ancestor.clientWidth);
    }
    return Math.round(Math.max(0, left - rect.left) + Math.max(0, rect.right - right));
  });
}

/**
 * Each of these (a row's actions, its money cells) lies wholly inside the window and is not cut
 * by a container that scrolls sideways; a button also takes a click (a trial: nothing happens).
 */
export async function expectInsideWindow(targets: Locator, where: string): Promise<void> {
  const count = await targets.count();
  expect(count, `${where}: something to check`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    await target.scrollIntoViewIfNeeded({ timeout: 5_000 });
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText()).trim().slice(0, 30);
    expect(await clippedPixels(target), `${where}: px of "${name}" cut off at the side`).toBe(0);
    if (await target.evaluate((element) => element.matches('button, a[href]') && !(element as HTMLButtonElement).disabled)) await target.click({ trial: true });
  }
}

/** The text (a plate, a barcode) reads on one line. */
export async function expectOneLine(target: Locator, where: string): Promise<void> {
  const lines = await target.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, `${where}: "${(await target.innerText()).trim()}" is on ${lines} lines`).toBe(1);
}

/** An input's placeholder is not cut: it fits the box's room for text. */
export async function expectPlaceholderFits(input: Locator, where: string): Promise<void> {
  const fit = await input.evaluate((element) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = (element as HTMLInputElement).clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: Math.ceil(context.measureText((element as HTMLInputElement).placeholder).width), room: Math.floor(room) };
  });
  expect(fit.text, `${where}: the placeholder needs ${fit.text} px, the box has ${fit.room} px`).toBeLessThanOrEqual(fit.room);
}

/** Two things on screen (a label and a figure) do not overlap. */
export async function expectApart(a: Locator, b: Locator, where: string): Promise<void> {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap = boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
  expect(overlap, `${where}: the two overlap (${JSON.stringify(boxA)} / ${JSON.stringify(boxB)})`).toBe(false);
}

/**
 * The controls a showing toast lies over: every field, button or link outside the toasts whose
 * visible part (not what is scrolled under the top bar) meets a toast's box.
 */
export async function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.toast')].map((toast) => toast.getBoundingClientRect());
    const bar = document.querySelector('.top-bar')?.getBoundingClientRect();
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea, button, a[href], [role="button"]')) {
      if (control.closest('.toaster')) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // What is scrolled under the top bar is out of sight anyway.
      const top = bar && !control.closest('.top-bar') ? Math.max(rect.top, bar.bottom) : rect.top;
      for (const toast of toasts) {
        if (rect.left < toast.right && rect.right > toast.left && top < toast.bottom && rect.bottom > toast.top && top < rect.bottom) {
          covered.push(
            `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') || control.innerText || (control as HTMLInputElement).placeholder || '').trim().slice(0, 40)}"`,
          );
        }
      }
    }
    return covered;
  });
}
