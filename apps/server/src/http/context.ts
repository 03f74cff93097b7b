import type { Lang, PermissionKey, RoleType, AccountKind } from '@fieldhub/shared';

/** Who is calling: loaded from the session cookie before any protected handler runs. */
export interface AuthContext {
  accountId: number;
  orgId: number;
  orgKind: 'platform' | 'enterprise';
  loginname: string;
  kind: AccountKind;
  roleType: RoleType;
  deptId: number | null;
  dataRange: 'org' | 'dept' | 'self';
  auths: ReadonlySet<string>;
  sessionHash: string;
  /**
   * For an account with the lock on (account-security.md §5.4): the time by which its session must
   * have proved the lock again; absent for others.
   */
  lockDueAt?: Date;
}

/**
 * What a route declares to the auth guard (http/authGuard.ts): public, or guarded by a session
 * and optionally a permission key. Every route must declare one.
 */
export type RouteAccess =
  | {
      public: true;
      /** load the caller's session when the cookie carries one (a public call that greets a logged-in user) */
      readsSession?: boolean;
    }
  | {
      public: false;
      /** permission key the caller's auths must contain */
      perm?: PermissionKey;
    };

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
