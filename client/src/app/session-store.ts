import { create } from 'zustand';
import type { SessionUser } from '../../../shared/schemas/user';
import { clearSession, getStoredUser, getToken, storeSession } from '../lib/session-storage';

interface SessionState {
  user: SessionUser | null;
  token: string | null;
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => void;
}

/** The session: restored from local storage at start, cleared by Logout (spec 4, Session). */
export const useSession = create<SessionState>((set) => ({
  user: getStoredUser(),
  token: getToken(),
  signIn: (token, user) => {
    storeSession(token, user);
    set({ token, user });
  },
  signOut: () => {
    clearSession();
    set({ token: null, user: null });
  },
}));
