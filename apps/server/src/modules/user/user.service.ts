import type { PromptType } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';

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
export async function saveUserConfig(db: Db, accountId: number, key: string, json: string): Promise<void> {
  await db.query(
    `insert into user_config(account_id, key, value, updated_at) values ($1, $2, $3::jsonb, now())
     on conflict (account_id, key) do update set value = excluded.value, updated_at = now()`,
    [accountId, key, json],
  );
}

export interface DisplaySettings {
  equipDisplay: 'card' | 'list';
  scadaAdaption: boolean;
  prompType: PromptType[];
}

/** The display and notification preferences held on the account, with the operation log entry. */
export async function saveDisplaySettings(
  db: Db,
  auth: AuthContext,
  ip: string,
  settings: DisplaySettings,
): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query(
      'update accounts set equip_display = $2, scada_adaption = $3, prompt_type = $4, updated_at = now() where id = $1',
      [auth.accountId, settings.equipDisplay, settings.scadaAdaption, settings.prompType],
    );
    await recordBy(tx, auth, ip, {
      action: 'user.settings',
      objectType: 'account',
      objectId: auth.accountId,
    });
  });
}

/** Stores an account's feedback, with the operation log entry; returns its id. */
export async function addFeedback(
  db: Db,
  auth: AuthContext,
  ip: string,
  feedback: { content: string; contact: string },
): Promise<number | undefined> {
  return db.tx(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      'insert into feedback(org_id, account_id, content, contact) values ($1, $2, $3, $4) returning id',
      [auth.orgId, auth.accountId, feedback.content, feedback.contact],
    );
    await recordBy(tx, auth, ip, { action: 'feedback.add', objectType: 'feedback', objectId: row?.id });
    return row?.id;
  });
}
