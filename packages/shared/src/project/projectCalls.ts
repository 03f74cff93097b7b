import { z } from 'zod';
import { sharePasswordSchema, type SHARE_PERMS } from '../device/equipment';
import { PAGES_PER_OWNER_MAX } from '../pages/pageCalls';
import { LIMITS } from '../timers';
import { formBool, formId, pagingSchema } from '../validation/form';

/**
 * Projects, the operations centres (docs/requirements/projects.md §1.1 project list, §2 Project, §4,
 * §9 "Projects", §10; issue 8): inputs and answers of the `/lfscada/project/*` calls
 * (intermediate variables, `/lfscada/project/mvar/*`, are elsewhere). POST, form-encoded (dotted keys) or
 * JSON; answers in the envelope `{code, message, data}`; times in milliseconds since the epoch.
 *
 * Who may do what: managing (every call except `queryAllByUser`, `info` and `equip/queryAll`)
 * needs `project_manage`. Viewing needs `project_manage` (every project of the enterprise) or
 * `ops_center` and membership of the project (pmsn/*): a member sees only the pages its pagePmsn
 * names. A project of another enterprise, or one the caller is not a member of, is 2604; a missing
 * permission key is 90008; bad input is 10001 naming the field. docs/projects-api.md describes
 * each call.
 */

/** Most pages of one project (docs/requirements/projects.md §2.2: 2601). */
export const PROJECT_PAGES_MAX = PAGES_PER_OWNER_MAX;
/** Most accounts with permissions on one project (docs/requirements/projects.md §2.2: 2602). */
export const PROJECT_ACCOUNTS_MAX = 50;
/** Most accounts holding a permission on one page of a project (docs/requirements/projects.md §4.2: 1902). */
export const PAGE_PMSN_MAX = LIMITS.pagePermissions;
/** Most fields of one project report (docs/requirements/projects.md §2.2: 2603). */
export const PROJECT_REPORT_FIELDS_MAX = 100;
export const PROJECT_NAME_MAX = 50;
export const PROJECT_REMARK_MAX = 200;
/** Longest errorDefaultVal, the text shown for a value that could not be read. */
export const PROJECT_ERROR_VALUE_MAX = 20;

/**
 * errorValShow (docs/requirements/projects.md §2.1): what the project's pages show for a signal whose reading
 * failed — `custom`: the project's errorDefaultVal (default '0'); `last`: the last value read.
 */
export const PROJECT_ERROR_VAL_SHOW = ['custom', 'last'] as const;
export type ProjectErrorValShow = (typeof PROJECT_ERROR_VAL_SHOW)[number];

/** What the shared link of a project may do (a subset of the device share toggles). */
export const PROJECT_SHARE_PERMS = [
  'alarms',
  'historyReports',
  'writeData',
] as const satisfies readonly (typeof SHARE_PERMS)[number][];
export type ProjectSharePerm = (typeof PROJECT_SHARE_PERMS)[number];

// an empty form field means "not given"
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A list of ids: a JSON array, a form list (`ids[0]=1`), a comma list "1,2" or a single id. */
export const projectIdList = (max: number) =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : typeof v === 'string' && v.includes(',')
          ? v.split(',')
          : v === undefined || v === ''
            ? []
            : [v],
    z.array(formId).min(1).max(max),
  );

const projectName = z.string().trim().min(1).max(PROJECT_NAME_MAX);

/** The editable fields of a project (add and edit). */
export const projectFieldsSchema = z.object({
  name: projectName,
  remark: z.preprocess(blank, z.string().trim().max(PROJECT_REMARK_MAX).optional()).transform((v) => v ?? ''),
  /** position in the project list (smaller first, then by id) */
  seq: z.preprocess(blank, z.coerce.number().int().min(0).max(999_999).optional()).transform((v) => v ?? 0),
  errorValShow: z
    .preprocess(blank, z.enum(PROJECT_ERROR_VAL_SHOW).optional())
    .transform((v) => v ?? 'custom'),
  errorDefaultVal: z
    .preprocess(blank, z.string().trim().max(PROJECT_ERROR_VALUE_MAX).optional())
    .transform((v) => v ?? '0'),
});
export type ProjectFields = z.infer<typeof projectFieldsSchema>;

// --- calls -------------------------------------------------------------------------------------

/** /lfscada/project/queryAll {keyword?, pageNum, pageSize} — the enterprise's projects, by seq then id. */
export const projectQueryAllSchema = pagingSchema.extend({
  keyword: z.preprocess(blank, z.string().trim().max(PROJECT_NAME_MAX).optional()),
});
export type ProjectQueryAllInput = z.infer<typeof projectQueryAllSchema>;

/** /lfscada/project/queryAllByUser {} — the projects the caller may open, by seq then id. */
export const projectQueryAllByUserSchema = z.object({});

/** /lfscada/project/info, delete, queryShareInfo {id}. */
export const projectIdSchema = z.object({ id: formId });

/** /lfscada/project/add {name, remark?, seq?, errorValShow?, errorDefaultVal?} — answers the ProjectRow. */
export const projectAddSchema = projectFieldsSchema;
export type ProjectAddInput = z.infer<typeof projectAddSchema>;

/** /lfscada/project/edit {id, name, remark?, seq?, errorValShow?, errorDefaultVal?} — answers the ProjectRow. */
export const projectEditSchema = projectFieldsSchema.extend({ id: formId });
export type ProjectEditInput = z.infer<typeof projectEditSchema>;

/**
 * /lfscada/project/editSharePwd {id, sharePwd} — sets the password of the shared link (4-20
 * letters or digits, stored hashed); an empty `sharePwd` removes it.
 */
export const projectEditSharePwdSchema = z.object({
  id: formId,
  sharePwd: z.union([z.literal(''), sharePasswordSchema]).default(''),
});
export type ProjectEditSharePwdInput = z.infer<typeof projectEditSharePwdSchema>;

/**
 * /lfscada/project/editShareAuth {id, shared, perms} — turns the shared link on or off and sets
 * what it may do; the link token is made the first time. Answers the ProjectShareInfo.
 */
export const projectEditShareAuthSchema = z.object({
  id: formId,
  shared: formBool,
  perms: z
    .preprocess(
      (v) => (Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? v.split(',') : []),
      z.array(z.enum(PROJECT_SHARE_PERMS)).max(PROJECT_SHARE_PERMS.length),
    )
    .transform((perms) => [...new Set(perms)]),
});
export type ProjectEditShareAuthInput = z.infer<typeof projectEditShareAuthSchema>;

/**
 * /lfscada/project/seq/save {projectId, ids} — the project's page ids in their new order (the
 * first is the home page); must name each page of the project exactly once, else 10001. Answers
 * the PageRows in that order.
 */
export const projectSeqSaveSchema = z.object({
  projectId: formId,
  ids: projectIdList(PROJECT_PAGES_MAX),
});
export type ProjectSeqSaveInput = z.infer<typeof projectSeqSaveSchema>;

// --- answers -----------------------------------------------------------------------------------

/** A project in the management list and the answer of add / edit. */
export const projectRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  seq: z.number().int(),
  errorValShow: z.enum(PROJECT_ERROR_VAL_SHOW),
  errorDefaultVal: z.string(),
  /** expiry date (expiry reminders of the message centre), null = does not expire */
  expiresAt: z.number().nullable(),
  pageCount: z.number().int(),
  equipCount: z.number().int(),
  /** accounts with permissions on the project (pmsn) */
  accountCount: z.number().int(),
  /** whether the shared link is on */
  shared: z.boolean(),
  /** whether the shared link asks for a password */
  hasSharePwd: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** login name of the creator ('' when unknown) */
  createdBy: z.string(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

/**
 * The caller's permission on a page: `manage` (project_manage: everything), `operate` (view
 * and write values through the page), `view` (view only).
 */
export const PROJECT_PAGE_ACCESS = ['manage', 'operate', 'view'] as const;
export type ProjectPageAccess = (typeof PROJECT_PAGE_ACCESS)[number];

/** A page of a project as the caller may open it. */
export const projectPageRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  seq: z.number().int(),
  checkpwd: z.boolean(),
  access: z.enum(PROJECT_PAGE_ACCESS),
});
export type ProjectPageRef = z.infer<typeof projectPageRefSchema>;

/** A project the caller may open (queryAllByUser): only the pages it may see. */
export const projectUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  seq: z.number().int(),
  expiresAt: z.number().nullable(),
  /** the expiry date has passed */
  expired: z.boolean(),
  /** true with project_manage, false for a member (pmsn) */
  manage: z.boolean(),
  /** the first page the caller may see, by seq; null = none */
  homePageId: z.number().int().nullable(),
  pageCount: z.number().int(),
});
export type ProjectUserRow = z.infer<typeof projectUserRowSchema>;

/** /lfscada/project/info: the project with the pages the caller may see, by seq. */
export const projectInfoSchema = projectUserRowSchema.extend({
  errorValShow: z.enum(PROJECT_ERROR_VAL_SHOW),
  errorDefaultVal: z.string(),
  equipCount: z.number().int(),
  pages: z.array(projectPageRefSchema),
});
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

/** /lfscada/project/queryShareInfo and editShareAuth. */
export const projectShareInfoSchema = z.object({
  id: z.number().int(),
  shared: z.boolean(),
  /** token of the shared link; null until sharing is first turned on */
  token: z.string().nullable(),
  hasPassword: z.boolean(),
  perms: z.array(z.enum(PROJECT_SHARE_PERMS)),
});
export type ProjectShareInfo = z.infer<typeof projectShareInfoSchema>;
