import { z } from 'zod';
import { formBool, formId } from '../validation/form';

/**
 * Configuration-page storage (docs/requirements/pages-and-designer.md §1, §2, §13, §14; issue 7): inputs and
 * answers of the `/lfscada/configuration/page/*` calls. JSON bodies, answers in the envelope `{code, message,
 * data}`. A page belongs to exactly one owner: a device (equipment), a template or a project.
 * Reading needs view permission on the owner, writing its configuration permission; a page of
 * another enterprise or an owner the caller cannot see answers 1903 (page) or the owner's
 * not-found code. Times are milliseconds since the epoch. docs/pages-api.md describes each call.
 *
 * The page document itself is defined by packages/hmi (`pageDocumentSchema`); shared cannot import
 * hmi, so here it is an opaque JSON object that the server validates with hmi's `parsePage`.
 */

/** Who a page belongs to. */
export const PAGE_OWNER_KINDS = ['equipment', 'template', 'project'] as const;
export type PageOwnerKind = (typeof PAGE_OWNER_KINDS)[number];

/**
 * Most pages one owner may hold (docs/requirements/pages-and-designer.md §2.4: 1901 page limit 100; 2601 for
 * a project).
 */
export const PAGES_PER_OWNER_MAX = 100;
/** Largest stored page document, bytes of its JSON text. */
export const PAGE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Most widgets on a page (site constant widgetMaxlength; the same as packages/hmi WIDGET_MAX). */
export const PAGE_WIDGET_MAX = 2000;
/** Longest page name. */
export const PAGE_NAME_MAX = 50;
/** Longest page password (docs/requirements/pages-and-designer.md §2.1 checkpwd / password). */
export const PAGE_PASSWORD_MAX = 32;
/** Largest thumbnail (a data: URL of an image), characters. */
export const PAGE_THUMBNAIL_MAX = 256 * 1024;

/**
 * Key of the designer local settings in /lfscada/user/config/{query,save}
 * (docs/requirements/pages-and-designer.md §10.1, §13).
 */
export const DESIGNER_SETTINGS_KEY = 'designer.settings';

const pageName = z.string().trim().min(1).max(PAGE_NAME_MAX);

/** A page document as JSON: an object (its shape is checked by packages/hmi on the server). */
export const pageDocumentJsonSchema = z.record(z.string(), z.unknown());
export type PageDocumentJson = z.infer<typeof pageDocumentJsonSchema>;

// --- calls -------------------------------------------------------------------------------------

/** The owner of a page list. */
export const pageOwnerSchema = z.object({
  ownerKind: z.enum(PAGE_OWNER_KINDS),
  ownerId: formId,
});
export type PageOwner = z.infer<typeof pageOwnerSchema>;

/** /lfscada/configuration/page/query {ownerKind, ownerId} — the owner's pages by seq, no documents. */
export const pageQuerySchema = pageOwnerSchema;

/** /lfscada/configuration/page/queryHome {ownerKind, ownerId} — the owner's first page by seq, or null. */
export const pageQueryHomeSchema = pageOwnerSchema;

/** /page/info, /page/delete, /page/copy {id}. */
export const pageIdSchema = z.object({ id: formId });

/**
 * /lfscada/configuration/page/info {id, view?} — the page with its document. A caller who may edit
 * the page (the designer) gets it whole unless it asks `view`; a viewer (`view`, or a caller who may
 * only view the owner) gets the widgets its authRegion allows, and a password-protected page
 * answers `locked` without its document until /page/validPassword succeeded in this login session.
 * `ownerKind` (and `ownerId`) name the owner the caller opens the page as.
 */
export const pageInfoInputSchema = pageIdSchema.extend({
  view: formBool.optional().default(false),
  /**
   * the kind of owner the page is opened as (a device's live view asks 'equipment'): a page of
   * another kind answers 1903 (docs/requirements/monitoring.md §8.1)
   */
  ownerKind: z.enum(PAGE_OWNER_KINDS).optional(),
  /** the owner the page is opened as, with `ownerKind`: a page of another owner answers 1903 */
  ownerId: formId.optional(),
});
export type PageInfoInput = z.infer<typeof pageInfoInputSchema>;

/**
 * /lfscada/configuration/page/validPassword {id, password} — opens a protected page for this login
 * session: 1904 wrong password, 2654 after 5 wrong tries within 15 minutes (for 15 minutes).
 */
export const pagePasswordSchema = z.object({ id: formId, password: z.string().min(1).max(64) });
export type PagePasswordInput = z.infer<typeof pagePasswordSchema>;

/**
 * /lfscada/configuration/page/add {ownerKind, ownerId, name} — a new page at the end of the list
 * with an empty document (packages/hmi `emptyPage()`, titled with the name). Answers the PageRow.
 */
export const pageAddSchema = pageOwnerSchema.extend({ name: pageName });
export type PageAddInput = z.infer<typeof pageAddSchema>;

/**
 * /lfscada/configuration/page/edit {id, name, checkpwd?, password?} — renames the page; with
 * `checkpwd` true and a `password`, protects it with that password (stored hashed); with
 * `checkpwd` true and no password, keeps the stored one (10001 when there is none); with
 * `checkpwd` false, removes the protection; without `checkpwd`, leaves it as it is. Answers the PageRow. Does not change `version`.
 */
export const pageEditSchema = z.object({
  id: formId,
  name: pageName,
  checkpwd: formBool.optional(),
  password: z.string().min(1).max(PAGE_PASSWORD_MAX).optional(),
});
export type PageEditInput = z.infer<typeof pageEditSchema>;

/**
 * /lfscada/configuration/page/save {id, version, document, name?, thumbnail?} — stores the
 * document when `version` is the stored one and answers the new version (stored + 1). A stale
 * `version` (someone saved a newer page) is 1905 and nothing is stored. A document that
 * packages/hmi's `parsePage` refuses is 1906 with `data.issues` (PageDocumentIssue[]); larger than
 * PAGE_DOCUMENT_MAX_BYTES is 1907; more than PAGE_WIDGET_MAX widgets is 1908. Password protection
 * is kept as stored (it is set and removed by `edit`) unless the document spells out a new password.
 */
export const pageSaveSchema = z.object({
  id: formId,
  version: z.coerce.number().int().min(1),
  document: pageDocumentJsonSchema,
  name: pageName.optional(),
  thumbnail: z.string().max(PAGE_THUMBNAIL_MAX).nullable().optional(),
});
export type PageSaveInput = z.infer<typeof pageSaveSchema>;

/**
 * /lfscada/configuration/page/seq/save {ownerKind, ownerId, ids} — the owner's page ids in their
 * new order; must name each of the owner's pages exactly once (else 10001). Answers the PageRows.
 */
export const pageSeqSaveSchema = pageOwnerSchema.extend({
  ids: z.array(formId).min(1).max(PAGES_PER_OWNER_MAX),
});
export type PageSeqSaveInput = z.infer<typeof pageSeqSaveSchema>;

// --- answers -----------------------------------------------------------------------------------

/** A page in a list (no document). */
export const pageRowSchema = z.object({
  id: z.number().int(),
  ownerKind: z.enum(PAGE_OWNER_KINDS),
  ownerId: z.number().int(),
  name: z.string(),
  /** position in the owner's list, from 0 */
  seq: z.number().int(),
  /** bumped by every save; the designer sends it back with its next save */
  version: z.number().int(),
  /** whether the page is password-protected */
  checkpwd: z.boolean(),
  thumbnail: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** account name of the last writer ('' when unknown) */
  updatedBy: z.string(),
});
export type PageRow = z.infer<typeof pageRowSchema>;

/** /page/info: the row with its stored document; `locked` (document null) until the password was given. */
export const pageInfoSchema = pageRowSchema.extend({
  document: pageDocumentJsonSchema.nullable(),
  locked: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** /page/save answer. */
export const pageSaveAnswerSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  updatedAt: z.number(),
});
export type PageSaveAnswer = z.infer<typeof pageSaveAnswerSchema>;

/** One reason a document was refused (1906 `data.issues`): hmi issue code, dotted path, message. */
export const pageDocumentIssueSchema = z.object({
  code: z.string(),
  path: z.string(),
  /** in the caller's language */
  message: z.string(),
});
export type PageDocumentIssue = z.infer<typeof pageDocumentIssueSchema>;
