import { z } from 'zod';

/**
 * Account kinds of docs/requirements/organisations-roles-permissions.md §1.1. `operation`: platform staff who
 * run enterprises; `enterprise`: the admin of one enterprise; `internal` / `external`: sub-accounts of an
 * enterprise.
 */
export const ACCOUNT_KINDS = ['operation', 'enterprise', 'internal', 'external'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Route segment of /manage/account/{co|int|ext|op} for each kind. */
export const ACCOUNT_KIND_BY_SEGMENT = {
  co: 'enterprise',
  int: 'internal',
  ext: 'external',
  op: 'operation',
} as const satisfies Record<string, AccountKind>;
export type AccountSegment = keyof typeof ACCOUNT_KIND_BY_SEGMENT;

export const PROMPT_TYPES = ['sound', 'title', 'alter'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The user info of docs/requirements/accounts-and-login.md §5.1, answered by GET /lfscada/user/info. */
export const userInfoSchema = z.object({
  loginname: z.string(),
  tel: z.string(),
  userId: z.number(),
  styleId: z.number().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  deptId: z.number().nullable(),
  roleId: z.number().nullable(),
  roleType: z.enum(['admin', 'operation']),
  accountKind: z.enum(ACCOUNT_KINDS),
  authRegion: z.string(),
  dataRange: z.enum(['org', 'dept', 'self']),
  prompType: z.array(z.enum(PROMPT_TYPES)),
  scadaAdaption: z.boolean(),
  equipDisplay: z.enum(['card', 'list']),
  useLock: z.boolean(),
  auths: z.array(z.string()),
  /** path the account opens after login (its landing page setting), '' for the default */
  landingPage: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const REMARK_MAX = 20;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const CAPTCHA_VALID_MINUTES = 10;
export const FEEDBACK_MIN_LENGTH = 10;
