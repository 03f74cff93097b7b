import type { ScriptInput, ScriptRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { ConfigOwner } from './configOwner';

export function scriptsOf(db: Db, owner: ConfigOwner): Promise<ScriptRow[]> {
  return db.query<ScriptRow>(
    `select id, name, strategy, interval_s as "intervalS", condition, body, enabled from scripts where ${owner.column} = $1 order by id`,
    [owner.id],
  );
}

export async function insertScript(db: Db, owner: ConfigOwner, s: ScriptInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into scripts(name, strategy, interval_s, condition, body, enabled, org_id, ${owner.column})
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [s.name, s.strategy, s.intervalS, s.condition, s.body, s.enabled, owner.orgId, owner.id],
  );
  return row!.id;
}

export async function updateScript(db: Db, id: number, s: ScriptInput): Promise<void> {
  await db.query(
    'update scripts set name = $2, strategy = $3, interval_s = $4, condition = $5, body = $6, enabled = $7 where id = $1',
    [id, s.name, s.strategy, s.intervalS, s.condition, s.body, s.enabled],
  );
}

export async function deleteScript(db: Db, id: number): Promise<void> {
  await db.query('delete from scripts where id = $1', [id]);
}
