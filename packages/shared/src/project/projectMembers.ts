import { z } from 'zod';
import { formId } from '../validation/form';
import { PROJECT_ACCOUNTS_MAX, PROJECT_NAME_MAX, PROJECT_PAGES_MAX, projectIdList } from './projectCalls';

/**
 * Project accounts and per-page permissions (docs/requirements/projects.md §4.1, §4.2): the
 * accounts added to, edited in and removed from a project, each with its pagePmsn per page; the
 * `/lfscada/project/pmsn/*` calls, all with `project_manage`. A member is an internal or external
 * account of the enterprise; it sees the project in the operations centre (with `ops_center`)
 * and, of its pages, only those its pagePmsn names. At most PROJECT_ACCOUNTS_MAX members (2602);
 * at most PAGE_PMSN_MAX members holding a permission on one page (1902).
 */

/** A member's right on one page: see it, or see it and write values through it. */
export const PAGE_PMSN_LEVELS = ['view', 'operate'] as const;
export type PagePmsnLevel = (typeof PAGE_PMSN_LEVELS)[number];

/** One page permission of a member. */
export const pagePmsnSchema = z.object({
  pageId: formId,
  pmsn: z.enum(PAGE_PMSN_LEVELS).default('view'),
});
export type PagePmsn = z.infer<typeof pagePmsnSchema>;

/** A member's page permissions: each page at most once (else 10001), possibly none. */
const pagePmsnList = z
  .preprocess((v) => (v === undefined || v === '' ? [] : v), z.array(pagePmsnSchema).max(PROJECT_PAGES_MAX))
  .refine((list) => new Set(list.map((p) => p.pageId)).size === list.length);

// --- calls -------------------------------------------------------------------------------------

/** /lfscada/project/pmsn/query {projectId} — the members with their page permissions, by login name. */
export const projectPmsnQuerySchema = z.object({ projectId: formId });

/**
 * /lfscada/project/pmsn/queryNoPmsnUser {projectId, keyword?} — the enterprise's enabled internal
 * and external accounts that are not members yet, by login name.
 */
export const projectPmsnQueryNoPmsnUserSchema = z.object({
  projectId: formId,
  keyword: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(PROJECT_NAME_MAX).optional(),
  ),
});
export type ProjectPmsnQueryNoPmsnUserInput = z.infer<typeof projectPmsnQueryNoPmsnUserSchema>;

/**
 * /lfscada/project/pmsn/add {projectId, accountIds, pagePmsn} — makes the accounts members, each
 * with the same page permissions. An account already a member is 2613; an account that is not an
 * internal or external account of the enterprise is 90002; a page of another project 2612; more
 * than 50 members 2602; more than 10 members on a page 1902. Nothing is stored on refusal.
 * Answers the members (as pmsn/query).
 */
export const projectPmsnAddSchema = z.object({
  projectId: formId,
  accountIds: projectIdList(PROJECT_ACCOUNTS_MAX),
  pagePmsn: pagePmsnList,
});
export type ProjectPmsnAddInput = z.infer<typeof projectPmsnAddSchema>;

/**
 * /lfscada/project/pmsn/edit {projectId, accountId, pagePmsn} — replaces a member's page
 * permissions (2614 when the account is not a member; 2612, 1902 as add). Answers the member.
 */
export const projectPmsnEditSchema = z.object({
  projectId: formId,
  accountId: formId,
  pagePmsn: pagePmsnList,
});
export type ProjectPmsnEditInput = z.infer<typeof projectPmsnEditSchema>;

/** /lfscada/project/pmsn/delete {projectId, accountIds} — removes members (2614 if one is not). */
export const projectPmsnDeleteSchema = z.object({
  projectId: formId,
  accountIds: projectIdList(PROJECT_ACCOUNTS_MAX),
});
export type ProjectPmsnDeleteInput = z.infer<typeof projectPmsnDeleteSchema>;

// --- answers -----------------------------------------------------------------------------------

/** An account as the pickers list it. */
export const projectAccountSchema = z.object({
  id: z.number().int(),
  loginname: z.string(),
  /** internal or external */
  kind: z.enum(['internal', 'external']),
  contact: z.string(),
});
export type ProjectAccount = z.infer<typeof projectAccountSchema>;

/** A page permission as answered, with the page's name. */
export const pagePmsnRowSchema = z.object({
  pageId: z.number().int(),
  pageName: z.string(),
  pmsn: z.enum(PAGE_PMSN_LEVELS),
});
export type PagePmsnRow = z.infer<typeof pagePmsnRowSchema>;

/** A member of a project with its page permissions (by page seq). */
export const projectMemberSchema = projectAccountSchema.extend({
  pagePmsn: z.array(pagePmsnRowSchema),
  createdAt: z.number(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;
