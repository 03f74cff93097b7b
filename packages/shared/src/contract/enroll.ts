import { z } from 'zod';
import { loginnameSchema, telSchema } from '../auth/accountForms';
import { formBool, formId, listPageOf, optionalId, pagingSchema } from '../validation/form';
import { answerTime, createdId, defineCalls, noData } from './define';

/**
 * Enrollment (docs/requirements/account-security.md §4, issue 20). An enterprise's holder of
 * `account_manage` creates invitations: a code, reached at `/enroll/{code}`, or a role's
 * registration link with a uuid of the admin's choosing, reached at `/register/{roleuuid}` (a uuid
 * already in use is 3401). Each is bound to a role, a department, an account kind, an expiry and
 * a number of uses; with approval on, a registration waits for the admin. A code that does not
 * exist or was revoked is 3402, one past its expiry 3403, one used up 3404. Public calls are
 * rate-limited per address (90010). Times in ISO text.
 */

/** Largest number of uses an invitation may allow. */
export const INVITATION_MAX_USES = 10_000;
/** Public enrollment calls allowed per client address within ENROLL_WINDOW_MINUTES (90010 beyond). */
export const ENROLL_MAX_ATTEMPTS = 20;
export const ENROLL_WINDOW_MINUTES = 10;

export const INVITATION_VIAS = ['code', 'role'] as const;
export type InvitationVia = (typeof INVITATION_VIAS)[number];

export const roleUuidSchema = z
  .string()
  .trim()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ -');

export const invitationCreateSchema = z.object({
  via: z.enum(INVITATION_VIAS),
  /** the role uuid of a registration link; absent, the server draws one (codes are always drawn) */
  roleUuid: z.preprocess((v) => (v === '' ? undefined : v), roleUuidSchema.optional()),
  roleId: formId,
  deptId: optionalId.optional().default(null),
  kind: z.enum(['internal', 'external']).default('internal'),
  /** when the invitation stops working (ms since 1970); absent: never */
  expiresAt: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  /** how many accounts it may make; absent: no limit */
  maxUses: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(INVITATION_MAX_USES).optional(),
  ),
  needsApproval: formBool.default(false),
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const INVITATION_STATES = ['active', 'expired', 'usedUp', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationRowSchema = z.object({
  id: z.number().int(),
  via: z.enum(INVITATION_VIAS),
  code: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  kind: z.enum(['internal', 'external']),
  expiresAt: answerTime.nullable(),
  maxUses: z.number().int().nullable(),
  used: z.number().int(),
  pending: z.number().int(),
  needsApproval: z.boolean(),
  state: z.enum(INVITATION_STATES),
  createdAt: answerTime,
});
export type InvitationRow = z.output<typeof invitationRowSchema>;

export const ENROLLMENT_STATES = ['pending', 'approved', 'refused'] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];

export const enrollmentRowSchema = z.object({
  id: z.number().int(),
  invitationId: z.number().int(),
  code: z.string(),
  loginname: z.string(),
  contact: z.string(),
  tel: z.string(),
  state: z.enum(ENROLLMENT_STATES),
  accountId: z.number().int().nullable(),
  createdAt: answerTime,
  decidedAt: answerTime.nullable(),
});
export type EnrollmentRow = z.output<typeof enrollmentRowSchema>;

const byId = z.object({ id: formId });
const linkSchema = z.object({ via: z.enum(INVITATION_VIAS), code: z.string().trim().min(1).max(64) });

export const enrollRegisterSchema = linkSchema.extend({
  loginname: loginnameSchema,
  password: z.string().max(100),
  confirm: z.string().max(100),
  contact: z.string().trim().min(1).max(50),
  tel: telSchema,
});
export type EnrollRegister = z.infer<typeof enrollRegisterSchema>;

export const enrollCalls = defineCalls('enroll', {
  query: {
    path: '/lfscada/enroll/query',
    input: pagingSchema,
    output: listPageOf(invitationRowSchema),
    access: { perm: 'account_manage' },
    summary: "A page of the enterprise's invitations, newest first",
  },
  add: {
    path: '/lfscada/enroll/add',
    input: invitationCreateSchema,
    output: createdId.extend({ code: z.string() }),
    access: { perm: 'account_manage' },
    summary: 'Creates an invitation code or a role registration link (3401 when the uuid is taken)',
  },
  revoke: {
    path: '/lfscada/enroll/revoke',
    input: byId,
    output: noData,
    access: { perm: 'account_manage' },
    summary: 'Revokes an invitation: its link stops working',
  },
  requests: {
    path: '/lfscada/enroll/requests',
    input: pagingSchema.extend({ state: z.enum(ENROLLMENT_STATES).optional() }),
    output: listPageOf(enrollmentRowSchema),
    access: { perm: 'account_manage' },
    summary: 'A page of registrations made through invitations, newest first',
  },
  approve: {
    path: '/lfscada/enroll/approve',
    input: byId,
    output: createdId,
    access: { perm: 'account_manage' },
    summary: "Approves a pending registration: the account is created (the enterprise's limits apply)",
  },
  refuse: {
    path: '/lfscada/enroll/refuse',
    input: byId,
    output: noData,
    access: { perm: 'account_manage' },
    summary: 'Refuses a pending registration',
  },
  info: {
    path: '/lfscada/enroll/info',
    input: linkSchema,
    output: z.object({
      orgName: z.string(),
      roleName: z.string(),
      deptName: z.string().nullable(),
      needsApproval: z.boolean(),
    }),
    access: { public: true },
    summary: 'What an invitation link joins (3402–3404 when it no longer works)',
  },
  register: {
    path: '/lfscada/enroll/register',
    input: enrollRegisterSchema,
    output: z.object({ state: z.enum(['approved', 'pending']) }),
    access: { public: true },
    summary: 'Registers an account through an invitation link, or files it for approval',
  },
});
