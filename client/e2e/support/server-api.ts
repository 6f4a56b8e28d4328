import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright/test';
import { expect } from 'playwright/test';
import { admin } from './users';

export interface ServerCategory {
  id: string;
  name: string;
  description: string;
}

/** The session token the app keeps in local storage under 'token'. */
export async function tokenFrom(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'a session token in localStorage').toBeTruthy();
  return token!;
}

/** What the server holds: GET /api/categories with the token header, bypassing the device. */
export async function serverCategories(request: APIRequestContext, token: string): Promise<ServerCategory[]> {
  const response = await request.get('/api/categories', { headers: { token } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { success: boolean; categories: ServerCategory[] };
  expect(body.success).toBe(true);
  return body.categories;
}

/** How many server categories carry each name (to prove "exactly once"). */
export async function serverCategoryCounts(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const category of await serverCategories(request, token)) counts[category.name] = (counts[category.name] ?? 0) + 1;
  return counts;
}

/** A token straight from POST /api/user/login, for checking the server while the browser is logged out. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/user/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/**
 * The Admin's token. The spine registers the first account (the Admin); a spec run alone registers
 * it itself (409 when it exists).
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const registered = await request.post('/api/user/register', { data: admin });
  expect([201, 409]).toContain(registered.status());
  return apiLogin(request, admin.email, admin.password);
}

/**
 * The keys of the devices these tests play (server/src/sync/device-keys.ts): a device registered
 * through `api` sends a key it made, as the app does, and its pushes through `api` carry it.
 */
const deviceKeys = new Map<string, string>();

/** A call to the server as another device or an API client would make it; anything but 2xx fails the test. */
export async function api<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown): Promise<T> {
  const clientId = (data as { clientId?: unknown } | undefined)?.clientId;
  if (path === '/api/sync/device' && typeof clientId === 'string' && !deviceKeys.has(clientId)) deviceKeys.set(clientId, randomBytes(24).toString('base64url'));
  const key = typeof clientId === 'string' ? deviceKeys.get(clientId) : undefined;
  const sent = path === '/api/sync/device' && key ? { ...(data as object), deviceKey: key } : data;
  const headers = { token, ...(key && path.startsWith('/api/sync/') ? { 'x-device-key': key } : {}) };
  const response = method === 'get' ? await request.get(path, { headers }) : await request[method](path, { headers, data: sent });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Another register, as the server sees it: its own client id and its mutations numbered in order.
 * `push` sends one mutation as that register would and fails the test unless the server applied it.
 */
export class OtherRegister {
  private seq = 0;

  constructor(readonly clientId: string) {}

  async push(request: APIRequestContext, token: string, name: string, args: Record<string, unknown>): Promise<void> {
    this.seq += 1;
    const { results } = await api<{ results: { status: string; message?: string }[] }>(request, token, 'post', '/api/sync/push', {
      clientId: this.clientId,
      mutations: [{ id: randomUUID(), clientId: this.clientId, seq: this.seq, name, args, createdAt: new Date().toISOString() }],
    });
    expect(results[0], `${name}: ${JSON.stringify(results[0])}`).toMatchObject({ status: 'applied' });
  }
}
