import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import { menu, type MenuEntry } from './menu';

// The routes' modules read the session from local storage as they load: an empty one, as a new device's.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  },
});
const { routes } = await import('./routes');

/**
 * Issue 48, point 3: a screen's path without a route, or a screen nobody can reach from the menu,
 * passed every check. Every path in paths.ts must have a route, and every screen a menu entry,
 * unless it is reached another way, said here with the way.
 */
const reachedOtherwise: Partial<Record<keyof typeof paths, string>> = {
  login: 'the first page, before a session',
  forgotPassword: "the login page's link",
  company: "the top bar's settings icon",
  shopData: "Company Detail's 'Export the whole shop' (Settings)",
};

const routePaths = (list: RouteObject[]): string[] => list.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
const menuPaths = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => ('children' in entry ? menuPaths(entry.children) : [entry.to]));

describe("the app's screens", () => {
  const routed = new Set(routePaths(routes));
  const inMenu = new Set(menuPaths(menu));

  it.each(Object.entries(paths))('%s (%s) has a route', (_name, path) => {
    expect(routed.has(path), `${path} has no route: add it to client/src/app/routes.tsx`).toBe(true);
  });

  // A record's page (/job-cards/:id) and a printed document are opened from their lists.
  const screens = Object.entries(paths).filter(([name, path]) => !path.includes(':') && !(name in reachedOtherwise));
  it.each(screens)('%s (%s) is in the menu', (_name, path) => {
    expect(inMenu.has(path), `${path} is in no menu entry: add it to client/src/app/menu.ts, or say in screens.test.ts how it is reached`).toBe(true);
  });

  it('every menu entry opens a routed screen', () => {
    for (const path of inMenu) expect(routed.has(path), `the menu's ${path} has no route`).toBe(true);
  });
});
