/**
 * The stored page (`pagesCalls.info`, `save` and `edit`), as the designer edits it and the viewer
 * shows it. A stored document is read through packages/hmi's `parsePage`, so an old page opens
 * migrated, props of the wrong kind open reset to their defaults (reported as `repairs`), and a
 * broken one is refused with its issues instead of half-opening.
 */
import { pagesCalls, type PageOwnerKind, type PageRow } from '@fieldhub/shared';
import { computeBind, parsePage, type PageDocument, type PageIssue, type WidgetRepair } from '@fieldhub/hmi';
import { ApiError, callApi } from '../request';

/** The catalogue code of a save over a newer stored version. */
const VERSION_CONFLICT = '1905';

/** A page as the editor holds it: the row's identity and the parsed, current-version document. */
export interface StoredPage {
  id: string;
  name: string;
  checkpwd: boolean;
  ownerKind: PageOwnerKind;
  ownerId: string;
  version: number;
  doc: PageDocument;
  /** the document version it was stored in (lower than the current one when migrated on open) */
  fromVersion: number;
  /**
   * widget props of the wrong kind that opening reset to their type's defaults (`defaulted`
   * changes); the stored document keeps them until the page is saved
   */
  repairs: WidgetRepair[];
}

/** The stored document could not be read: what is wrong with it, in both languages. */
export class PageContentError extends Error {
  constructor(readonly issues: PageIssue[]) {
    super(issues.map((i) => i.en).join('; '));
    this.name = 'PageContentError';
  }
}

function parsedDocument(document: unknown) {
  const parsed = parsePage(document);
  if (!parsed.ok) throw new PageContentError(parsed.issues);
  return parsed;
}

/** Loads a page with its document for the designer; the caller shows failures itself. */
export async function loadPage(pageId: string): Promise<StoredPage> {
  const info = await callApi(pagesCalls.info, { id: pageId }, { silent: true });
  performance.mark('designer:info');
  const parsed = parsedDocument(info.document);
  performance.mark('designer:parsed');
  return {
    id: String(info.id),
    name: info.name,
    checkpwd: info.checkpwd,
    ownerKind: info.ownerKind,
    ownerId: String(info.ownerId),
    version: info.version,
    doc: parsed.page,
    fromVersion: parsed.fromVersion,
    repairs: parsed.repairs,
  };
}

/** A page as a viewer gets it: `doc` is null while the page waits for its password. */
export interface ViewedPage {
  id: string;
  name: string;
  ownerId: string;
  doc: PageDocument | null;
}

/**
 * Loads a device's page for the viewer (the widgets of the account's regions; locked until its
 * password). A page of a project, or of another device than `equipmentId`, answers 1903.
 */
export async function loadViewedPage(pageId: string, equipmentId?: string): Promise<ViewedPage> {
  const info = await callApi(
    pagesCalls.info,
    { id: pageId, view: true, ownerKind: 'equipment', ...(equipmentId ? { ownerId: equipmentId } : {}) },
    { silent: true },
  );
  return {
    id: String(info.id),
    name: info.name,
    ownerId: String(info.ownerId),
    doc: info.locked ? null : parsedDocument(info.document).page,
  };
}

/**
 * Stores the document over `version` with its bind section recomputed from the widgets (the
 * viewer subscribes from it); answers the new version. A stale version is 1905.
 */
export async function savePage(input: { id: string; version: number; doc: PageDocument }): Promise<number> {
  const answer = await callApi(
    pagesCalls.save,
    { id: input.id, version: input.version, document: { ...input.doc, bind: computeBind(input.doc) } },
    { silent: true },
  );
  return answer.version;
}

/** Whether a failed save was refused because someone stored a newer version first. */
export function isVersionConflict(e: unknown): boolean {
  return e instanceof ApiError && e.code === VERSION_CONFLICT;
}

/**
 * Sets or removes the page password (page/edit keeps the name). With `checkpwd` and no password
 * the stored password stays.
 */
export function protectPage(
  page: { id: string; name: string },
  checkpwd: boolean,
  password?: string,
): Promise<PageRow> {
  return callApi(pagesCalls.edit, {
    id: page.id,
    name: page.name,
    checkpwd,
    ...(checkpwd && password ? { password } : {}),
  });
}
