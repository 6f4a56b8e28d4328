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
}

/** The login screen then says the session expired, rather than nothing. */
export function markSessionExpired(): void {
  localStorage.setItem('sessionExpired', '1');
}

export function wasSessionExpired(): boolean {
  return localStorage.getItem('sessionExpired') === '1';
}
