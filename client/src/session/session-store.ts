import { create } from 'zustand';
import type { SessionUser } from '@shared/schemas/user';
import type { Role } from '@shared/domain/permissions';
import { clearSession, getStoredUser, getToken, markSessionExpired, storeSession, storeSigningKey } from './session-storage';

interface SessionState {
  user: SessionUser | null;
  token: string | null;
  signIn: (token: string, user: SessionUser, signingKey?: string) => void;
  signOut: () => void;
  /** The server refused `token`: if it is still this device's session, end it (the login screen says why). */
  expire: (token: string) => void;
  /** The server reads this session's user as another role now (an Admin changed it): the screens follow. */
  setRole: (token: string, role: Role) => void;
}

/** The session: restored from local storage at start, cleared by Logout (spec 4, Session), the same in every tab. */
export const useSession = create<SessionState>((set) => ({
  user: getStoredUser(),
  token: getToken(),
  signIn: (token, user, signingKey) => {
    storeSession(token, user);
    if (signingKey) storeSigningKey(user._id, signingKey);
    set({ token, user });
  },
  signOut: () => {
    clearSession();
    set({ token: null, user: null });
  },
  expire: (token) => {
    if (getToken() !== token) return; // someone has logged in since
    markSessionExpired();
    clearSession();
    set({ token: null, user: null });
  },
  setRole: (token, role) => {
    const user = getStoredUser();
    if (getToken() !== token || !user || user.role === role) return; // someone else's session, or nothing new
    const next = { ...user, role };
    storeSession(token, next);
    set({ token, user: next });
  },
}));

// Another tab logged in or out: follow it, so no tab works under a session that has ended.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === 'token' || event.key === 'user' || event.key === null) useSession.setState({ token: getToken(), user: getStoredUser() });
  });
}
