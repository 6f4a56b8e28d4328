import { apiRequest } from '../session/api-client';
import type { RegisterName } from '@shared/schemas/register';

/** Register code → the name an Admin gave it (issue 47); a code without a name is absent. */
export type RegisterNames = Readonly<Record<string, string>>;

const storageKey = 'registers:names';
const listeners = new Set<() => void>();
let cache: RegisterNames | null = null;

/**
 * The names as this device last heard them (GET /api/sync/registers), kept in localStorage: the X
 * and Z reports print offline, so the last answer stands until the server can be asked again.
 */
export function cachedRegisterNames(): RegisterNames {
  if (cache) return cache;
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as unknown;
    cache = saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as RegisterNames) : {};
  } catch {
    cache = {};
  }
  return cache;
}

/** Asks the server for the names and keeps them; offline or refused, the last ones stand. */
export async function refreshRegisterNames(): Promise<RegisterNames> {
  try {
    const { registers } = await apiRequest<{ registers: RegisterName[] }>('GET', '/api/sync/registers');
    const names = Object.fromEntries(registers.filter((register) => register.name).map((register) => [register.code, register.name]));
    localStorage.setItem(storageKey, JSON.stringify(names));
    cache = names;
    for (const listener of listeners) listener();
  } catch {
    // Offline, or logged out meanwhile: the names kept stand.
  }
  return cachedRegisterNames();
}

/** Called when the names this device holds change (for useRegisterNames). */
export function onRegisterNames(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 'DCNT1 (Counter 1)', the code alone until the register is named, '—' for no register. */
export function registerLabel(code: string, names: RegisterNames): string {
  if (!code) return '—';
  const name = names[code];
  return name ? `${code} (${name})` : code;
}
