import type { SessionUser } from '@shared/schemas/user';

// The spec's keys: 'user' and 'token' in local storage.
export function getToken(): string | null {
  return localStorage.getItem('token');
}

export function getStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: SessionUser): void {
  localStorage.removeItem('sessionExpired');
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem('token');
  localStorage.removeItem('user');
  localStorage.removeItem('signingKey');
}

/**
 * The logged-in user's key for signing the changes they make (shared/sync/entry-signature.ts),
 * given by the server at login and at each device check-in. Kept with the session and forgotten
 * with it, so the next person to log in on this device cannot sign as this one.
 */
export function storeSigningKey(userId: string, key: string): void {
  localStorage.setItem('signingKey', JSON.stringify({ userId, key }));
}

export function getSigningKey(userId: string): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem('signingKey') ?? 'null') as { userId?: string; key?: string } | null;
    return stored?.userId === userId && typeof stored.key === 'string' ? stored.key : undefined;
  } catch {
    return undefined;
  }
}

/** The login screen then says the session expired, rather than nothing. */
export function markSessionExpired(): void {
  localStorage.setItem('sessionExpired', '1');
}

export function wasSessionExpired(): boolean {
  return localStorage.getItem('sessionExpired') === '1';
}
