import {
  AppError,
  Err,
  PAGES_PER_OWNER_MAX,
  PAGE_NAME_MAX,
  type Lang,
  type PageAddInput,
  type PageEditInput,
  type PageInfo,
  type PageInfoInput,
  type PagePasswordInput,
  type PageOwner,
  type PageRow,
  type PageSaveAnswer,
  type PageSaveInput,
  type PageSeqSaveInput,
} from '@fieldhub/shared';
import { widgetsFor } from '@fieldhub/hmi';
import type { Clock } from '../../clock';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { recordBy } from '../oplog/oplog.service';
import { isUnlocked, unlockPage } from './pagePassword';
import { checkDocument, newPageDocument, storedDocument } from './pageDocument';
import { ownerOfRow, pageOwnerFor, type PageAccess, type ResolvedPageOwner } from './pageOwner';
import * as repo from './pages.repo';

const ownerTable = { equipment_id: 'equipment', template_id: 'templates', project_id: 'projects' } as const;

/** Serialises page-count changes of one owner (the limit of 100 holds under concurrent adds). */
async function lockOwner(db: Db, owner: ResolvedPageOwner): Promise<void> {
  await db.query(`select 1 from ${ownerTable[owner.column]} where id = $1 for update`, [owner.id]);
}

async function requireRoom(db: Db, owner: ResolvedPageOwner): Promise<void> {
  if ((await repo.countPages(db, owner)) >= PAGES_PER_OWNER_MAX) throw new AppError(owner.limitCode);
}

async function requireFreeName(db: Db, owner: ResolvedPageOwner, name: string, exceptId: number | null) {
  if (await repo.nameTaken(db, owner, name, exceptId)) throw new AppError(Err.pageNameExists);
}

/**
 * A page of the caller's enterprise whose owner the caller may view or edit. Another enterprise's
 * page, and a page whose owner the caller cannot see, both read as 1903; a missing permission key
 * is 90008.
 */
async function pageFor(
  db: Db,
  auth: AuthContext,
  id: number,
  access: PageAccess,
  withDocument = false,
  expected: Partial<PageOwner> = {},
): Promise<{ page: repo.PageRecord; owner: ResolvedPageOwner }> {
  const page = await repo.pageInOrg(db, auth.orgId, id, withDocument);
  if (!page || !ownedAsExpected(page, expected)) throw new AppError(Err.pageNotFound);
  let owner: ResolvedPageOwner;
  try {
    owner = await pageOwnerFor(db, auth, ownerOfRow(page), access);
  } catch (e) {
    if (e instanceof AppError && e.code !== Err.noAccess) throw new AppError(Err.pageNotFound);
    throw e;
  }
  // a project member without permission on this page: as if it did not exist
  if (!isVisible(owner, page.id)) throw new AppError(Err.pageNotFound);
  return { page, owner };
}

/**
 * Whether the page belongs to the kind of owner (and the owner) it is opened as: a device's live
 * view names a project page's id (docs/requirements/monitoring.md §8.1).
 */
function ownedAsExpected(page: repo.PageRecord, expected: Partial<PageOwner>): boolean {
  const owner = ownerOfRow(page);
  if (expected.ownerKind !== undefined && owner.ownerKind !== expected.ownerKind) return false;
  return expected.ownerId === undefined || owner.ownerId === expected.ownerId;
}

/** Whether the caller may see the page of an owner it may view (a project member's pagePmsn). */
function isVisible(owner: ResolvedPageOwner, pageId: number): boolean {
  return owner.visiblePages === null || owner.visiblePages.has(pageId);
}

export async function listPages(db: Db, auth: AuthContext, input: PageOwner): Promise<PageRow[]> {
  const owner = await pageOwnerFor(db, auth, input, 'view');
  return (await repo.pagesOf(db, owner)).filter((p) => isVisible(owner, p.id)).map(repo.toPageRow);
}

/** The owner's first page by seq, or for a project member the first one it may see. */
export async function homePage(db: Db, auth: AuthContext, input: PageOwner): Promise<PageRow | null> {
  const owner = await pageOwnerFor(db, auth, input, 'view');
  const page =
    owner.visiblePages === null
      ? await repo.homePageOf(db, owner)
      : (await repo.pagesOf(db, owner)).find((p) => isVisible(owner, p.id));
  return page ? repo.toPageRow(page) : null;
}

/** Whether the caller may edit the pages of this owner (the designer's view of a page). */
async function mayEdit(db: Db, auth: AuthContext, owner: ResolvedPageOwner): Promise<boolean> {
  try {
    await pageOwnerFor(db, auth, { ownerKind: owner.kind, ownerId: owner.id }, 'edit');
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/**
 * The page as a viewer gets it: without its document while it is password-protected and not yet
 * opened in this login session, and without the widgets (and navigation entries) outside the
 * account's authRegion.
 */
export async function viewedPage(db: Db, auth: AuthContext, page: repo.PageRecord): Promise<PageInfo> {
  const info = repo.toPageInfo(page);
  if (page.password_hash !== null && !(await isUnlocked(db, auth, page.id)))
    return { ...info, locked: true, document: null };
  if (auth.kind === 'enterprise') return info;
  const account = await one<{ auth_region: string }>(db, 'select auth_region from accounts where id = $1', [
    auth.accountId,
  ]);
  const document = info.document as { widgets?: unknown };
  if (!Array.isArray(document.widgets)) return info;
  const widgets = widgetsFor(document.widgets as Record<string, unknown>[], {
    accountKind: auth.kind,
    authRegion: account?.auth_region ?? '',
  });
  return { ...info, document: { ...document, widgets } };
}

/**
 * page/info: the whole page for a caller who may edit it (the designer) unless it asks `view`;
 * otherwise the page as a viewer gets it (`viewedPage`). A page of another owner than the one it
 * is opened as (`ownerKind`, `ownerId`) answers 1903.
 */
export async function pageInfo(db: Db, auth: AuthContext, input: PageInfoInput): Promise<PageInfo> {
  const { page, owner } = await pageFor(db, auth, input.id, 'view', true, {
    ownerKind: input.ownerKind,
    ownerId: input.ownerId,
  });
  if (!input.view && (await mayEdit(db, auth, owner))) return repo.toPageInfo(page);
  return viewedPage(db, auth, page);
}

/** page/validPassword: opens a protected page for this login session (pagePassword.ts). */
export async function validPagePassword(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: PagePasswordInput,
): Promise<null> {
  const { page } = await pageFor(db, auth, input.id, 'view');
  await unlockPage(db, clock, auth, page, input.password);
  return null;
}

export async function addPage(db: Db, auth: AuthContext, input: PageAddInput, ip: string): Promise<PageRow> {
  const owner = await pageOwnerFor(db, auth, input, 'edit');
  const id = await db.tx(async (tx) => {
    await lockOwner(tx, owner);
    await requireRoom(tx, owner);
    await requireFreeName(tx, owner, input.name, null);
    const document = newPageDocument(input.name, owner.kind, owner.id);
    const id = await repo.insertPage(
      tx,
      owner,
      { name: input.name, document, passwordHash: null, thumbnail: null },
      auth.accountId,
    );
    await recordBy(tx, auth, ip, {
      action: 'page.add',
      objectType: 'page',
      objectId: id,
      detail: { name: input.name, ownerKind: owner.kind, ownerId: owner.id },
    });
    return id;
  });
  return repo.toPageRow((await repo.pageInOrg(db, auth.orgId, id))!);
}

/** The password hash after a change: hash a new one, keep the stored one, or remove it. */
async function nextPasswordHash(
  stored: string | null,
  checkpwd: boolean | undefined,
  password: string | undefined,
): Promise<string | null> {
  if (checkpwd === undefined) return stored;
  if (!checkpwd) return null;
  if (password) return hashPassword(password);
  return stored;
}

export async function editPage(
  db: Db,
  auth: AuthContext,
  input: PageEditInput,
  ip: string,
): Promise<PageRow> {
  const { page, owner } = await pageFor(db, auth, input.id, 'edit');
  await requireFreeName(db, owner, input.name, page.id);
  if (input.checkpwd === true && !input.password && page.password_hash === null) {
    throw new AppError(Err.parameterCheckFailed, { params: { detail: 'password' } });
  }
  // hashed before the transaction: no row stays locked while scrypt runs
  const hash = await nextPasswordHash(page.password_hash, input.checkpwd, input.password);
  await db.tx(async (tx) => {
    await repo.renamePage(tx, auth.orgId, page.id, input.name, hash, auth.accountId);
    await recordBy(tx, auth, ip, {
      action: 'page.edit',
      objectType: 'page',
      objectId: page.id,
      detail: { from: page.name, name: input.name, checkpwd: hash !== null },
    });
  });
  return repo.toPageRow((await repo.pageInOrg(db, auth.orgId, page.id))!);
}

export async function savePage(
  db: Db,
  auth: AuthContext,
  input: PageSaveInput,
  ip: string,
  lang: Lang,
): Promise<PageSaveAnswer> {
  const { page, owner } = await pageFor(db, auth, input.id, 'edit');
  // a stale version is refused before anything else: the newer page wins, whatever this one holds
  if (input.version !== page.version) throw new AppError(Err.pageVersionConflict);
  const checked = checkDocument(input.document, lang);
  const name = input.name ?? page.name;
  if (name !== page.name) await requireFreeName(db, owner, name, page.id);
  // protection is managed by `edit`; a save only sets a password that its document spells out (an
  // imported page), and never removes one: the designer's document may not know of a new password
  const hash =
    checked.checkpwd && checked.password ? await hashPassword(checked.password) : page.password_hash;
  const document = storedDocument(checked.document, {
    name,
    ownerKind: owner.kind,
    ownerId: owner.id,
    protected: hash !== null,
  });
  // the document is checked and built (and a password hashed) above, outside the transaction
  const saved = await db.tx(async (tx) => {
    const saved = await repo.saveDocument(
      tx,
      auth.orgId,
      page.id,
      {
        version: input.version,
        document,
        name,
        passwordHash: hash,
        thumbnail: input.thumbnail === undefined ? page.thumbnail : input.thumbnail,
      },
      auth.accountId,
    );
    // someone saved between our read and this write
    if (!saved) throw new AppError(Err.pageVersionConflict);
    await recordBy(tx, auth, ip, {
      action: 'page.save',
      objectType: 'page',
      objectId: page.id,
      detail: { version: saved.version, widgets: document.widgets.length },
    });
    return saved;
  });
  return { id: page.id, version: saved.version, updatedAt: new Date(saved.updated_at).getTime() };
}

export async function deletePage(db: Db, auth: AuthContext, id: number, ip: string): Promise<null> {
  await db.tx(async (tx) => {
    const { page } = await pageFor(tx, auth, id, 'edit');
    await repo.deletePage(tx, auth.orgId, page.id);
    await recordBy(tx, auth, ip, {
      action: 'page.delete',
      objectType: 'page',
      objectId: page.id,
      detail: { name: page.name },
    });
  });
  return null;
}

const copySuffix: Record<Lang, string> = { 'zh-CN': ' 副本', 'en-US': ' copy' };

/** "Name copy", "Name copy 2", ... : the first that is free, within the name length. */
async function copyName(db: Db, owner: ResolvedPageOwner, name: string, lang: Lang): Promise<string> {
  for (let n = 1; n <= PAGES_PER_OWNER_MAX + 1; n++) {
    const suffix = copySuffix[lang] + (n > 1 ? ` ${n}` : '');
    const candidate = name.slice(0, PAGE_NAME_MAX - suffix.length) + suffix;
    if (!(await repo.nameTaken(db, owner, candidate, null))) return candidate;
  }
  throw new AppError(Err.pageNameExists);
}

export async function copyPage(
  db: Db,
  auth: AuthContext,
  id: number,
  ip: string,
  lang: Lang,
): Promise<PageRow> {
  const { page, owner } = await pageFor(db, auth, id, 'edit', true);
  const newId = await db.tx(async (tx) => {
    await lockOwner(tx, owner);
    await requireRoom(tx, owner);
    const name = await copyName(tx, owner, page.name, lang);
    const document = { ...page.document, options: { ...(page.document?.options as object), title: name } };
    const newId = await repo.insertPage(
      tx,
      owner,
      { name, document, passwordHash: page.password_hash, thumbnail: page.thumbnail },
      auth.accountId,
    );
    await recordBy(tx, auth, ip, {
      action: 'page.copy',
      objectType: 'page',
      objectId: newId,
      detail: { from: page.id },
    });
    return newId;
  });
  return repo.toPageRow((await repo.pageInOrg(db, auth.orgId, newId))!);
}

export async function savePageOrder(
  db: Db,
  auth: AuthContext,
  input: PageSeqSaveInput,
  ip: string,
): Promise<PageRow[]> {
  const owner = await pageOwnerFor(db, auth, input, 'edit');
  await db.tx(async (tx) => {
    const current = new Set((await repo.pagesOf(tx, owner)).map((p) => p.id));
    const given = new Set(input.ids);
    if (
      given.size !== input.ids.length ||
      given.size !== current.size ||
      input.ids.some((id) => !current.has(id))
    ) {
      throw new AppError(Err.parameterCheckFailed, { params: { detail: 'ids' } });
    }
    await repo.reorderPages(tx, owner, input.ids);
    await recordBy(tx, auth, ip, {
      action: 'page.seq',
      objectType: owner.kind,
      objectId: owner.id,
      detail: { ids: input.ids },
    });
  });
  return (await repo.pagesOf(db, owner)).map(repo.toPageRow);
}
