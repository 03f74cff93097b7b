import type { PagePmsn, PagePmsnLevel, ProjectAccount, ProjectMember } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/** The project's members by login name, with their page permissions by page seq. */
export async function membersOf(db: Db, orgId: number, projectId: number): Promise<ProjectMember[]> {
  const accounts = await db.query<ProjectAccount & { created_at: Date }>(
    `select a.id, a.loginname, a.kind, a.contact, m.created_at
       from project_accounts m join accounts a on a.id = m.account_id
      where m.project_id = $1 and m.org_id = $2
      order by lower(a.loginname), a.id`,
    [projectId, orgId],
  );
  const pmsn = await db.query<{
    account_id: number;
    page_id: number;
    page_name: string;
    pmsn: PagePmsnLevel;
  }>(
    `select x.account_id, x.page_id, g.name as page_name, x.pmsn
       from project_page_pmsn x join pages g on g.id = x.page_id
      where x.project_id = $1 and g.org_id = $2
      order by g.seq, g.id`,
    [projectId, orgId],
  );
  return accounts.map(({ created_at, ...a }) => ({
    ...a,
    createdAt: new Date(created_at).getTime(),
    pagePmsn: pmsn
      .filter((p) => p.account_id === a.id)
      .map((p) => ({ pageId: p.page_id, pageName: p.page_name, pmsn: p.pmsn })),
  }));
}

/** Enabled internal and external accounts of the enterprise that are not members; `keyword` matches name or contact. */
export function nonMembersOf(
  db: Db,
  orgId: number,
  projectId: number,
  keyword: string | undefined,
): Promise<ProjectAccount[]> {
  return db.query<ProjectAccount>(
    `select a.id, a.loginname, a.kind, a.contact
       from accounts a
      where a.org_id = $1 and a.kind in ('internal', 'external') and not a.disabled
        and not exists (select 1 from project_accounts m where m.project_id = $2 and m.account_id = a.id)
        and ($3::text is null or a.loginname ilike '%' || $3 || '%' or a.contact ilike '%' || $3 || '%')
      order by lower(a.loginname), a.id
      limit 500`,
    [orgId, projectId, keyword ? keyword.replace(/[\\%_]/g, (c) => `\\${c}`) : null],
  );
}

/** How many of the ids are enabled internal or external accounts of the enterprise. */
export async function countEligibleAccounts(db: Db, orgId: number, ids: number[]): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `select count(*)::int as n from accounts
      where id = any($1::bigint[]) and org_id = $2 and kind in ('internal', 'external') and not disabled`,
    [ids, orgId],
  );
  return row?.n ?? 0;
}

/** The members among the ids, with their login names. */
export function membersAmong(
  db: Db,
  orgId: number,
  projectId: number,
  ids: number[],
): Promise<{ account_id: number; loginname: string }[]> {
  return db.query(
    `select m.account_id, a.loginname from project_accounts m join accounts a on a.id = m.account_id
      where m.org_id = $1 and m.project_id = $2 and m.account_id = any($3::bigint[]) order by m.account_id`,
    [orgId, projectId, ids],
  );
}

export async function countMembers(db: Db, orgId: number, projectId: number): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    'select count(*)::int as n from project_accounts where org_id = $1 and project_id = $2',
    [orgId, projectId],
  );
  return row?.n ?? 0;
}

/** How many of the page ids are pages of the project. */
export async function countProjectPages(
  db: Db,
  orgId: number,
  projectId: number,
  pageIds: number[],
): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    'select count(*)::int as n from pages where id = any($1::bigint[]) and org_id = $2 and project_id = $3',
    [pageIds, orgId, projectId],
  );
  return row?.n ?? 0;
}

/** Members holding a permission on each of the pages, not counting the accounts in `except`. */
export async function pmsnCountsOn(
  db: Db,
  projectId: number,
  pageIds: number[],
  except: number[],
): Promise<Map<number, number>> {
  const rows = await db.query<{ page_id: number; n: number }>(
    `select page_id, count(*)::int as n from project_page_pmsn
      where project_id = $1 and page_id = any($2::bigint[]) and not (account_id = any($3::bigint[]))
      group by page_id`,
    [projectId, pageIds, except],
  );
  return new Map(rows.map((r) => [r.page_id, r.n]));
}

export async function insertMembers(
  db: Db,
  orgId: number,
  projectId: number,
  accountIds: number[],
  createdBy: number,
): Promise<void> {
  await db.query(
    `insert into project_accounts (project_id, account_id, org_id, created_by)
     select $1, unnest($2::bigint[]), $3, $4`,
    [projectId, accountIds, orgId, createdBy],
  );
}

/**
 * Replaces the page permissions of the accounts with `pagePmsn` (each account the same). The rows
 * carry no org_id: the foreign key to project_accounts keeps them inside the member's enterprise.
 */
export async function replacePagePmsn(
  db: Db,
  projectId: number,
  accountIds: number[],
  pagePmsn: PagePmsn[],
): Promise<void> {
  await db.query('delete from project_page_pmsn where project_id = $1 and account_id = any($2::bigint[])', [
    projectId,
    accountIds,
  ]);
  if (!pagePmsn.length) return;
  await db.query(
    `insert into project_page_pmsn (project_id, account_id, page_id, pmsn)
     select $1, a.id, p.page_id, p.pmsn
       from unnest($2::bigint[]) as a(id)
      cross join unnest($3::bigint[], $4::text[]) as p(page_id, pmsn)`,
    [projectId, accountIds, pagePmsn.map((p) => p.pageId), pagePmsn.map((p) => p.pmsn)],
  );
}

export async function deleteMembers(
  db: Db,
  orgId: number,
  projectId: number,
  accountIds: number[],
): Promise<void> {
  await db.query(
    'delete from project_accounts where org_id = $1 and project_id = $2 and account_id = any($3::bigint[])',
    [orgId, projectId, accountIds],
  );
}
