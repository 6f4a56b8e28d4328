import type { Page } from 'playwright/test';
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
    const bars = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position) && !element.matches('.modal-backdrop, .toaster'));
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
