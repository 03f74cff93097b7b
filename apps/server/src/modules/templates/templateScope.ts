import { AppError, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';

/**
 * Templates the caller may see (alias `t`): all of the enterprise's for its admin; otherwise
 * public templates, the account's own and those it is authorised on.
 */
export function scopeTemplates(where: Where, auth: AuthContext, alias = 't'): Where {
  where.add(`${alias}.org_id = ?`, auth.orgId);
  if (auth.kind === 'enterprise') return where;
  return where.add(
    `${alias}.type = 'public' or ${alias}.owner_account_id = ? or exists (select 1 from template_auth ta where ta.template_id = ${alias}.id and ta.account_id = ?)`,
    auth.accountId,
    auth.accountId,
  );
}

export interface TemplateRef {
  id: number;
  org_id: number;
  name: string;
  series: string;
  config_version: number;
  owner_account_id: number | null;
}

/** A template the caller may see; another enterprise's reads as missing (90002). */
export async function visibleTemplate(db: Db, auth: AuthContext, id: number): Promise<TemplateRef> {
  const where = scopeTemplates(new Where(), auth).add('t.id = ?', id);
  const row = await one<TemplateRef>(
    db,
    `select t.id, t.org_id, t.name, t.series, t.config_version, t.owner_account_id from templates t where ${where}`,
    where.params,
  );
  if (!row) throw new AppError(Err.dataMissingOrNoAccess);
  return row;
}
