import { one, type Db } from '../../db/db';

/** One stored per-account setting (JSON by key), or undefined when unset. */
export async function userConfigValue(db: Db, accountId: number, key: string): Promise<unknown> {
  const row = await one<{ value: unknown }>(
    db,
    'select value from user_config where account_id = $1 and key = $2',
    [accountId, key],
  );
  return row?.value;
}

/** Stores a per-account setting; `json` is the value as JSON text. */
export async function upsertUserConfig(db: Db, accountId: number, key: string, json: string): Promise<void> {
  await db.query(
    `insert into user_config(account_id, key, value, updated_at) values ($1, $2, $3::jsonb, now())
     on conflict (account_id, key) do update set value = excluded.value, updated_at = now()`,
    [accountId, key, json],
  );
}

export async function updateDisplaySettings(
  db: Db,
  accountId: number,
  s: { equipDisplay: string; scadaAdaption: boolean; prompType: readonly string[] },
): Promise<void> {
  await db.query(
    'update accounts set equip_display = $2, scada_adaption = $3, prompt_type = $4, updated_at = now() where id = $1',
    [accountId, s.equipDisplay, s.scadaAdaption, s.prompType],
  );
}

export async function insertFeedback(
  db: Db,
  f: { orgId: number; accountId: number; content: string; contact: string },
): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    'insert into feedback(org_id, account_id, content, contact) values ($1, $2, $3, $4) returning id',
    [f.orgId, f.accountId, f.content, f.contact],
  );
  return row?.id;
}
