import { z } from 'zod';
import { formId } from '../validation/form';
import { defineCalls, noData } from './define';

/**
 * Account security centre, profile and password retrieval (docs/requirements/account-security.md
 * §1, §3, §7). The calls keep the paths of the specification (`/org/<Class>!<name>.action`).
 */

/** Avatar: ico, jpg, png, gif or svg under 100 KB (§1.4). */
export const AVATAR_MAX_BYTES = 100 * 1024;
/** The account's public key file: .pub, at most 1 MB (§1.4). */
export const PUBLIC_KEY_MAX_BYTES = 1024 * 1024;
/** Verification codes are valid 10 minutes (§1.5). */
export const VERIFY_CODE_MINUTES = 10;
/** Digits of a verification code. */
export const VERIFY_CODE_LENGTH = 6;
/** Security questions an account holds. */
export const SECURITY_QUESTION_COUNT = 3;

/** Where a verify step belongs: the logged-in security centre, or password retrieval (public). */
export const SECURITY_SCENES = ['security', 'findpwd'] as const;
export type SecurityScene = (typeof SECURITY_SCENES)[number];

/** The ways a change or a retrieval is verified (§1.2, §3.1). */
export const VERIFY_METHODS = ['tel', 'email', 'question', 'password'] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number];

/**
 * Which account a verify step is about: the caller's own (scene `security`, needs a session) or
 * the account named in password retrieval (scene `findpwd`).
 */
const who = z.object({
  scene: z.enum(SECURITY_SCENES).default('security'),
  loginname: z.string().trim().max(100).optional().default(''),
});

const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`));
const ticket = z.string().trim().min(16).max(100);
const newTel = z
  .string()
  .trim()
  .regex(/^\+?\d{6,15}$/);
const newEmail = z.email().max(100);

/** What a verify step answers: the proof the next step presents (valid 10 minutes, used once). */
export const securityTicketSchema = z.object({ ticket: z.string() });

/** How an account can be verified: masked phone and e-mail, whether it has questions. */
export const verifyMethodsSchema = z.object({
  tel: z.string(),
  email: z.string(),
  hasQuestions: z.boolean(),
  /** whether the platform sends SMS (an SMS provider is configured): the `sms` or `nosms` screens */
  smsEnabled: z.boolean(),
});

export const securitySummarySchema = verifyMethodsSchema.extend({
  loginname: z.string(),
  avatar: z.string(),
  contact: z.string(),
  address: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  landingPage: z.string(),
  publicKeyName: z.string(),
  chatAppBound: z.boolean(),
  chatAppName: z.string(),
});
export type SecuritySummary = z.output<typeof securitySummarySchema>;

const passwordPair = { password: z.string().max(100), confirm: z.string().max(100) };

export const securityAnswersSchema = z.object({
  answers: z
    .array(z.object({ position: z.coerce.number().int().min(1).max(3), answer: z.string().trim().max(50) }))
    .min(1)
    .max(SECURITY_QUESTION_COUNT),
});

export const securityCalls = defineCalls('security', {
  getUserMessage: {
    path: '/org/SecurityMessageAction!getUserMessage.action',
    output: securitySummarySchema,
    summary: "The account's security summary and profile (phone and e-mail masked)",
  },
  setAvatar: {
    path: '/org/SecurityMessageAction!setAvatar.action',
    // a data URL of the picture; empty clears the avatar
    input: z.object({ avatar: z.string().max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 200) }),
    output: z.object({ avatar: z.string() }),
    bodyLimit: 256 * 1024,
    summary: 'Sets the avatar (ico, jpg, png, gif or svg under 100 KB, sent as a data URL; empty clears it)',
  },
  getUserEmail: {
    path: '/org/SecurityMessageAction!getUserEmail.action',
    input: who,
    output: verifyMethodsSchema,
    access: { public: true, readsSession: true },
    summary: 'How the account can be verified: masked phone and e-mail, whether it has security questions',
  },
  getSMSCode: {
    path: '/org/SMSVerifycodeAction!getSMSCode.action',
    input: who,
    output: noData,
    access: { public: true, readsSession: true },
    summary: "Sends a verification code to the account's phone (rate-limited)",
  },
  getSMSCodeForNew: {
    path: '/org/SMSVerifycodeAction!getSMSCodeForNew.action',
    input: z.object({ tel: newTel }),
    output: noData,
    summary: 'Sends a verification code to a new phone number (1016 when it is in use)',
  },
  getEmailCode: {
    path: '/org/EmailVerifycodeAction!getEmailCode.action',
    // with `email` (logged in): a code to the new address; otherwise to the account's own
    input: who.extend({ email: newEmail.optional().or(z.literal('').transform(() => undefined)) }),
    output: noData,
    access: { public: true, readsSession: true },
    summary: "Sends a verification code to the account's e-mail, or to a new address (rate-limited)",
  },
  validateSmsVerifycode: {
    path: '/org/SecurityMessageAction!validateSmsVerifycode.action',
    input: who.extend({ code }),
    output: securityTicketSchema,
    access: { public: true, readsSession: true },
    summary: 'Checks a phone code (1003 wrong, 1004 expired); answers the ticket of the next step',
  },
  validateEmailForChangePwd: {
    path: '/org/SecurityMessageAction!validateEmailForChangePwd.action',
    input: who.extend({ code }),
    output: securityTicketSchema,
    access: { public: true, readsSession: true },
    summary: 'Checks an e-mail code (1003 wrong, 1004 expired); answers the ticket of the next step',
  },
  getUserSecurityQuestion: {
    path: '/org/SecurityMessageAction!getUserSecurityQuestion.action',
    input: who,
    output: z.array(z.object({ position: z.number().int(), question: z.string() })),
    access: { public: true, readsSession: true },
    summary: "The account's security questions (without answers)",
  },
  validateQuestionForChangePwd: {
    path: '/org/SecurityMessageAction!validateQuestionForChangePwd.action',
    input: who.extend(securityAnswersSchema.shape),
    output: securityTicketSchema,
    access: { public: true, readsSession: true },
    summary: 'Checks the answers to the security questions; answers the ticket of the next step',
  },
  validateOldPwdForChangePwd: {
    path: '/org/SecurityMessageAction!validateOldPwdForChangePwd.action',
    input: z.object({ password: z.string().max(100) }),
    output: securityTicketSchema,
    summary: 'Checks the current password; answers the ticket of the next step',
  },
  setPwd: {
    path: '/org/SecurityMessageAction!setPwd.action',
    input: z.object({ ticket, ...passwordPair }),
    output: noData,
    summary: 'Changes the login password (after a verify step)',
  },
  setTel: {
    path: '/org/SecurityMessageAction!setTel.action',
    input: z.object({ ticket, tel: newTel, code }),
    output: noData,
    summary: 'Changes the phone (after a verify step), with the code sent to the new number',
  },
  setEmail: {
    path: '/org/SecurityMessageAction!setEmail.action',
    input: z.object({ ticket, email: newEmail, code }),
    output: noData,
    summary: 'Changes the e-mail (after a verify step), with the code sent to the new address',
  },
  getQuestions: {
    path: '/org/SecurityMessageAction!getQuestions.action',
    output: z.array(z.string()),
    summary: 'The suggested security questions, in the caller’s language',
  },
  setSecrecyMessage: {
    path: '/org/SecurityMessageAction!setSecrecyMessage.action',
    input: z.object({
      ticket,
      items: z
        .array(
          z.object({ question: z.string().trim().min(1).max(50), answer: z.string().trim().min(1).max(50) }),
        )
        .length(SECURITY_QUESTION_COUNT),
    }),
    output: noData,
    summary: 'Sets the three security questions and their answers (after a verify step)',
  },
  updateLoginUser: {
    path: '/org/AccountInternalAction!updateLoginUser.action',
    input: z.object({
      contact: z.string().trim().max(50).default(''),
      address: z.string().trim().max(200).default(''),
      deptId: z
        .union([z.literal('').transform(() => null), z.null(), formId])
        .optional()
        .default(null),
      landingPage: z.string().trim().max(200).default(''),
      /** the .pub file's name and text; absent: unchanged; empty name: removed */
      publicKeyName: z.string().trim().max(200).optional(),
      publicKey: z
        .string()
        .max(PUBLIC_KEY_MAX_BYTES + 1)
        .optional(),
    }),
    output: noData,
    bodyLimit: PUBLIC_KEY_MAX_BYTES + 256 * 1024,
    summary: 'Updates the profile: contact, address, department, landing page, public key file',
  },
  unbindWeixin: {
    path: '/org/AccountInternalAction!unbindWeixin.action',
    output: noData,
    summary: 'Clears the chat-app binding (2303 when none)',
  },
  saveNewPassword: {
    path: '/org/AccountInternalAction!saveNewPassword.action',
    input: z.object({ ticket, ...passwordPair }),
    output: noData,
    access: { public: true },
    summary: 'Password retrieval: sets the new password with the ticket of the verify step',
  },
});
