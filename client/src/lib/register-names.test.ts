import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 47: a device keeps the registers' names the server last gave it, to print them offline.

/** localStorage as a browser has it, for this file's process. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const answer = (registers: { code: string; name: string }[]) => new Response(JSON.stringify({ success: true, registers }), { status: 200 });

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('register names on the device', () => {
  it('labels a code with its name, the code alone before it has one', async () => {
    const { registerLabel } = await import('./register-names');
    expect(registerLabel('DCNT1', { DCNT1: 'Counter 1' })).toBe('DCNT1 (Counter 1)');
    expect(registerLabel('DTAB1', { DCNT1: 'Counter 1' })).toBe('DTAB1');
    expect(registerLabel('', {})).toBe('—');
  });

  it("keeps the server's answer, which stands offline and after the app starts again", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(
      answer([
        { code: 'DCNT1', name: 'Counter 1' },
        { code: 'DTAB1', name: '' },
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    const names = await import('./register-names');
    const changed = vi.fn();
    names.onRegisterNames(changed);
    expect(await names.refreshRegisterNames()).toEqual({ DCNT1: 'Counter 1' });
    expect(fetch).toHaveBeenCalledWith('/api/sync/registers', expect.objectContaining({ method: 'GET' }));
    expect(changed).toHaveBeenCalledTimes(1);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await names.refreshRegisterNames()).toEqual({ DCNT1: 'Counter 1' });
    vi.resetModules();
    expect((await import('./register-names')).cachedRegisterNames()).toEqual({ DCNT1: 'Counter 1' });
  });

  it('knows no names before its first answer, or from a damaged record', async () => {
    expect((await import('./register-names')).cachedRegisterNames()).toEqual({});
    localStorage.setItem('registers:names', '{not json');
    vi.resetModules();
    expect((await import('./register-names')).cachedRegisterNames()).toEqual({});
  });
});
