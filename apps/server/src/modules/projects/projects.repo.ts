import type {
  ProjectErrorValShow,
  ProjectFields,
  ProjectRow,
  ProjectSharePerm,
  ProjectUserRow,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';

/** A project as the management list reads it. */
interface ProjectRecord {
  id: number;
  name: string;
  remark: string;
  seq: number;
  error_val_show: ProjectErrorValShow;
  error_default_val: string;
  expires_at: Date | null;
  shared: boolean;
  has_share_pwd: boolean;
  created_at: Date;
  updated_at: Date;
  created_by: string;
  page_count: number;
  equip_count: number;
  account_count: number;
}

const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());

const rowColumns = `p.id, p.name, p.remark, p.seq, p.error_val_show, p.error_default_val, p.expires_at, p.shared,
  p.share_password_hash is not null as has_share_pwd, p.created_at, p.updated_at,
  coalesce(a.loginname, '') as created_by,
  (select count(*)::int from pages g where g.project_id = p.id) as page_count,
  (select count(*)::int from project_equipment e where e.project_id = p.id) as equip_count,
  (select count(*)::int from project_accounts m where m.project_id = p.id) as account_count`;
const fromProjects = 'from projects p left join accounts a on a.id = p.created_by';

function toProjectRow(r: ProjectRecord): ProjectRow {
  return {
    id: r.id,
    name: r.name,
    remark: r.remark,
    seq: r.seq,
    errorValShow: r.error_val_show,
    errorDefaultVal: r.error_default_val,
    expiresAt: ms(r.expires_at),
    pageCount: r.page_count,
    equipCount: r.equip_count,
    accountCount: r.account_count,
    shared: r.shared,
    hasSharePwd: r.has_share_pwd,
    createdAt: new Date(r.created_at).getTime(),
    updatedAt: new Date(r.updated_at).getTime(),
    createdBy: r.created_by,
  };
}

/** One page of the enterprise's projects by seq, id; `keyword` matches name or remark. */
export async function projectsOf(
  db: Db,
  orgId: number,
  query: { keyword?: string | undefined; pageNum: number; pageSize: number },
): Promise<{ list: ProjectRow[]; total: number }> {
  const where = new Where().add('p.org_id = ?', orgId);
  if (query.keyword) {
    where.add("(p.name ilike '%' || ? || '%' or p.remark ilike '%' || ? || '%')", escapeLike(query.keyword));
  }
  const rows = await db.query<ProjectRecord>(
    `select ${rowColumns} ${fromProjects} where ${where} order by p.seq, p.id ${pageClause(query)}`,
    where.params,
  );
  const count = await one<{ n: number }>(
    db,
    `select count(*)::int as n from projects p where ${where}`,
    where.params,
  );
  return { list: rows.map(toProjectRow), total: count?.n ?? 0 };
}

/** `%`, `_` and `\` of a search text match themselves in ilike. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function projectRow(db: Db, orgId: number, id: number): Promise<ProjectRow | undefined> {
  const row = await one<ProjectRecord>(
    db,
    `select ${rowColumns} ${fromProjects} where p.id = $1 and p.org_id = $2`,
    [id, orgId],
  );
  return row && toProjectRow(row);
}

/** A project as the operations centre reads it. */
export interface UserProjectRecord {
  id: number;
  name: string;
  remark: string;
  seq: number;
  expires_at: Date | null;
  error_val_show: ProjectErrorValShow;
  error_default_val: string;
  equip_count: number;
}

/**
 * The projects an account may open, by seq, id: all of the enterprise with `manage`, else those
 * it is a member of.
 */
export function projectsForAccount(
  db: Db,
  orgId: number,
  accountId: number,
  manage: boolean,
  projectId: number | null = null,
): Promise<UserProjectRecord[]> {
  return db.query<UserProjectRecord>(
    `select p.id, p.name, p.remark, p.seq, p.expires_at, p.error_val_show, p.error_default_val,
            (select count(*)::int from project_equipment e where e.project_id = p.id) as equip_count
       from projects p
      where p.org_id = $1
        and ($3 or exists (select 1 from project_accounts m where m.project_id = p.id and m.account_id = $2))
        and ($4::bigint is null or p.id = $4)
      order by p.seq, p.id`,
    [orgId, accountId, manage, projectId],
  );
}

/** The operations-centre row: `pages` are the ones the caller may see, by seq. */
export function toUserRow(
  r: UserProjectRecord,
  manage: boolean,
  pages: { id: number }[],
  now: Date,
): ProjectUserRow {
  return {
    id: r.id,
    name: r.name,
    remark: r.remark,
    seq: r.seq,
    expiresAt: ms(r.expires_at),
    expired: r.expires_at !== null && new Date(r.expires_at).getTime() <= now.getTime(),
    manage,
    homePageId: pages[0]?.id ?? null,
    pageCount: pages.length,
  };
}

/** Pages of the given projects an account may see (all with `manage`, else its pagePmsn), by seq, id. */
export function visiblePagesOf(
  db: Db,
  orgId: number,
  projectIds: number[],
  accountId: number,
  manage: boolean,
): Promise<
  { id: number; project_id: number; name: string; seq: number; checkpwd: boolean; pmsn: string | null }[]
> {
  return db.query(
    `select g.id, g.project_id, g.name, g.seq, g.password_hash is not null as checkpwd, x.pmsn
       from pages g
       left join project_page_pmsn x on x.page_id = g.id and x.account_id = $3
      where g.org_id = $1 and g.project_id = any($2::bigint[]) and ($4 or x.pmsn is not null)
      order by g.seq, g.id`,
    [orgId, projectIds, accountId, manage],
  );
}

/** Whether another project of the enterprise has the name (case-insensitive). */
export async function nameTaken(
  db: Db,
  orgId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  return !!(await one(
    db,
    'select 1 from projects where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

export async function insertProject(
  db: Db,
  orgId: number,
  f: ProjectFields,
  accountId: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into projects (org_id, name, remark, seq, error_val_show, error_default_val, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning id`,
    [orgId, f.name, f.remark, f.seq, f.errorValShow, f.errorDefaultVal, accountId],
  );
  return row!.id;
}

export async function updateProject(
  db: Db,
  orgId: number,
  id: number,
  f: ProjectFields,
  accountId: number,
): Promise<void> {
  await db.query(
    `update projects set name = $3, remark = $4, seq = $5, error_val_show = $6, error_default_val = $7,
            updated_by = $8, updated_at = now()
      where id = $1 and org_id = $2`,
    [id, orgId, f.name, f.remark, f.seq, f.errorValShow, f.errorDefaultVal, accountId],
  );
}

export async function deleteProject(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('delete from projects where id = $1 and org_id = $2', [id, orgId]);
}

/** Serialises changes that count a project's members, permissions or keys. */
export async function lockProject(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('select 1 from projects where id = $1 and org_id = $2 for update', [id, orgId]);
}

export interface ShareRecord {
  id: number;
  shared: boolean;
  token: string | null;
  has_password: boolean;
  perms: ProjectSharePerm[];
}

export async function shareOf(db: Db, orgId: number, id: number): Promise<ShareRecord | undefined> {
  return one<ShareRecord>(
    db,
    `select id, shared, share_token as token, share_password_hash is not null as has_password, share_perms as perms
       from projects where id = $1 and org_id = $2`,
    [id, orgId],
  );
}

export async function setSharePassword(
  db: Db,
  orgId: number,
  id: number,
  hash: string | null,
  accountId: number,
): Promise<void> {
  await db.query(
    'update projects set share_password_hash = $3, updated_by = $4, updated_at = now() where id = $1 and org_id = $2',
    [id, orgId, hash, accountId],
  );
}

/** Sets sharing and its toggles; the link token is made the first time (`token` when none is stored). */
export async function setShareAuth(
  db: Db,
  orgId: number,
  id: number,
  change: { shared: boolean; perms: ProjectSharePerm[]; token: string },
  accountId: number,
): Promise<void> {
  await db.query(
    `update projects set shared = $3, share_perms = $4, share_token = coalesce(share_token, $5),
            updated_by = $6, updated_at = now()
      where id = $1 and org_id = $2`,
    [id, orgId, change.shared, change.perms, change.token, accountId],
  );
}
