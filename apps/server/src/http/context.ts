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
}

/** Per-route options read by the auth guard. */
export interface RouteAccess {
  /** no session needed */
  public?: boolean;
  /** permission key the caller's auths must contain */
  perm?: PermissionKey;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
