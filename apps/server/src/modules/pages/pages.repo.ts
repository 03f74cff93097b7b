import type { PageInfo, PageRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { ownerOfRow, type ResolvedPageOwner } from './pageOwner';

/** A stored page as SQL answers it (document only where selected). */
export interface PageRecord {
  id: number;
  org_id: number;
  equipment_id: number | null;
  template_id: number | null;
  project_id: number | null;
  name: string;
  seq: number;
  version: number;
  password_hash: string | null;
  thumbnail: string | null;
  created_at: Date;
  updated_at: Date;
  updated_by_name: string | null;
  document?: Record<string, unknown>;
}

const rowColumns = `p.id, p.org_id, p.equipment_id, p.template_id, p.project_id, p.name, p.seq, p.version,
  p.password_hash, p.thumbnail, p.created_at, p.updated_at, a.loginname as updated_by_name`;
const fromPages = 'from pages p left join accounts a on a.id = p.updated_by';

export function toPageRow(r: PageRecord): PageRow {
  const owner = ownerOfRow(r);
  return {
    id: r.id,
    ownerKind: owner.ownerKind,
    ownerId: owner.ownerId,
    name: r.name,
    seq: r.seq,
    version: r.version,
    checkpwd: r.password_hash !== null,
    thumbnail: r.thumbnail,
    createdAt: new Date(r.created_at).getTime(),
    updatedAt: new Date(r.updated_at).getTime(),
    updatedBy: r.updated_by_name ?? '',
  };
}

export function toPageInfo(r: PageRecord): PageInfo {
  return { ...toPageRow(r), document: r.document ?? {}, locked: false };
}

/** The owner's pages by seq (then id), without documents. */
export function pagesOf(db: Db, owner: ResolvedPageOwner): Promise<PageRecord[]> {
  return db.query<PageRecord>(
    `select ${rowColumns} ${fromPages} where p.org_id = $1 and p.${owner.column} = $2 order by p.seq, p.id`,
    [owner.orgId, owner.id],
  );
}

/** The owner's first page by seq, or undefined. */
export async function homePageOf(db: Db, owner: ResolvedPageOwner): Promise<PageRecord | undefined> {
  return one<PageRecord>(
    db,
    `select ${rowColumns} ${fromPages} where p.org_id = $1 and p.${owner.column} = $2 order by p.seq, p.id limit 1`,
    [owner.orgId, owner.id],
  );
}

/** One page of the enterprise, with its document when asked. */
export function pageInOrg(
  db: Db,
  orgId: number,
  id: number,
  withDocument = false,
): Promise<PageRecord | undefined> {
  return one<PageRecord>(
    db,
    `select ${rowColumns}${withDocument ? ', p.document' : ''} ${fromPages} where p.id = $1 and p.org_id = $2`,
    [id, orgId],
  );
}

export async function countPages(db: Db, owner: ResolvedPageOwner): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `select count(*)::int as n from pages where org_id = $1 and ${owner.column} = $2`,
    [owner.orgId, owner.id],
  );
  return row?.n ?? 0;
}

/** Whether another page of the owner carries the name (case-insensitive). */
export async function nameTaken(
  db: Db,
  owner: ResolvedPageOwner,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  return !!(await one(
    db,
    `select 1 from pages where org_id = $1 and ${owner.column} = $2 and lower(name) = lower($3) and id <> coalesce($4, 0)`,
    [owner.orgId, owner.id, name, exceptId],
  ));
}

export interface NewPage {
  name: string;
  document: unknown;
  passwordHash: string | null;
  thumbnail: string | null;
}

/** Inserts a page at the end of the owner's list; answers its id. */
export async function insertPage(
  db: Db,
  owner: ResolvedPageOwner,
  page: NewPage,
  accountId: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into pages (org_id, ${owner.column}, name, seq, document, password_hash, thumbnail, created_by, updated_by)
     values ($1, $2, $3,
             (select coalesce(max(seq) + 1, 0) from pages where org_id = $1 and ${owner.column} = $2),
             $4::jsonb, $5, $6, $7, $7)
     returning id`,
    [
      owner.orgId,
      owner.id,
      page.name,
      JSON.stringify(page.document),
      page.passwordHash,
      page.thumbnail,
      accountId,
    ],
  );
  return row!.id;
}

/**
 * Stores a document when the stored version is `version` (compare-and-set in one statement, so
 * two concurrent saves of the same version cannot both succeed); answers the new version or
 * undefined when the version was stale.
 */
export async function saveDocument(
  db: Db,
  orgId: number,
  id: number,
  change: {
    version: number;
    document: unknown;
    name: string;
    passwordHash: string | null;
    thumbnail: string | null;
  },
  accountId: number,
): Promise<{ version: number; updated_at: Date } | undefined> {
  return one<{ version: number; updated_at: Date }>(
    db,
    `update pages set document = $4::jsonb, name = $5, password_hash = $6, thumbnail = $7, version = version + 1,
            updated_by = $8, updated_at = now()
      where id = $1 and org_id = $2 and version = $3
      returning version, updated_at`,
    [
      id,
      orgId,
      change.version,
      JSON.stringify(change.document),
      change.name,
      change.passwordHash,
      change.thumbnail,
      accountId,
    ],
  );
}

/** Renames a page (and the title in its document) and sets its password hash; version unchanged. */
export async function renamePage(
  db: Db,
  orgId: number,
  id: number,
  name: string,
  passwordHash: string | null,
  accountId: number,
): Promise<void> {
  await db.query(
    `update pages set name = $3::text, password_hash = $4::text, updated_by = $5, updated_at = now(),
            document = case when jsonb_typeof(document -> 'options') = 'object'
                            then jsonb_set(jsonb_set(document, '{options,title}', to_jsonb($3::text)),
                                           '{options,checkpwd}', to_jsonb($6::boolean))
                            else document end
      where id = $1 and org_id = $2`,
    [id, orgId, name, passwordHash, accountId, passwordHash !== null],
  );
}

export async function deletePage(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('delete from pages where id = $1 and org_id = $2', [id, orgId]);
}

/** Sets seq = position in `ids` for the owner's pages. */
export async function reorderPages(db: Db, owner: ResolvedPageOwner, ids: number[]): Promise<void> {
  await db.query(
    `update pages p set seq = o.ord - 1
       from unnest($3::bigint[]) with ordinality as o(id, ord)
      where p.id = o.id and p.org_id = $1 and p.${owner.column} = $2`,
    [owner.orgId, owner.id, ids],
  );
}
