import type { PromptType } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './user.repo';

export { userConfigValue } from './user.repo';

/** Stores a per-account setting; `json` is the value as JSON text. */
export async function saveUserConfig(db: Db, accountId: number, key: string, json: string): Promise<void> {
  await repo.upsertUserConfig(db, accountId, key, json);
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
    await repo.updateDisplaySettings(tx, auth.accountId, settings);
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
    const id = await repo.insertFeedback(tx, { orgId: auth.orgId, accountId: auth.accountId, ...feedback });
    await recordBy(tx, auth, ip, { action: 'feedback.add', objectType: 'feedback', objectId: id });
    return id;
  });
}
