import { create } from 'zustand';
import type { PermissionKey, UserInfo } from '@fieldhub/shared';

/**
 * Client session state (docs/requirements/accounts-and-login.md §4.1): the login flag is false until user
 * info loads.
 */
interface SessionState {
  user: UserInfo | null;
  loggedIn: boolean;
  setUser(user: UserInfo): void;
  /** logout or an invalid session: clears flag, user info and permissions */
  clear(): void;
}

export const useSession = create<SessionState>((set) => ({
  user: null,
  loggedIn: false,
  setUser: (user) => set({ user, loggedIn: true }),
  clear: () => set({ user: null, loggedIn: false }),
}));

export function can(user: UserInfo | null, perm: PermissionKey | undefined): boolean {
  if (!perm) return true;
  return !!user && user.auths.includes(perm);
}
