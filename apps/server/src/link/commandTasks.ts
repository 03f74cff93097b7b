import { randomUUID } from 'node:crypto';
import {
  AppError,
  Err,
  type CommandResultMessage,
  type Lang,
  locationSchema,
  messageFor,
} from '@fieldhub/shared';
import { one, type Db } from '../db/db';
import type { Clock } from '../clock';
import { successText } from '../http/envelope';
import { recordLocation } from './gatewayPresence';

export type TaskKind = 'sync' | 'write' | 'read' | 'restart' | 'locate' | 'mode' | 'upgrade';

/** How long each kind may take before it expires (the spec's write wait is 60 s). */
export const TASK_LIFETIME_MS: Record<TaskKind, number> = {
  sync: 120_000,
  write: 60_000,
  read: 60_000,
  restart: 60_000,
  locate: 60_000,
  mode: 60_000,
  // download, check, install and restart of a firmware package
  upgrade: 600_000,
};

export interface NewTask {
  orgId: number;
  equipmentId: number | null;
  sn: string;
  accountId: number | null;
  kind: TaskKind;
  payload: Record<string, unknown>;
}

/**
 * A task's life: 'queued' when recorded, 'sent' once the broker took the command, then
 * 'succeeded' or 'failed' by the gateway's answer, or 'expired' without one.
 */
export type TaskState = 'queued' | 'sent' | 'succeeded' | 'failed' | 'expired';

/**
 * Records the task, hands the command to `send` and marks it sent; a send that fails ends the
 * task at once with `sendFailure`. The task outlives a server restart: its row is the record.
 */
export async function startTask(
  db: Db,
  clock: Clock,
  t: NewTask,
  send: (uuid: string, expiresAt: Date) => Promise<void>,
  sendFailure: number,
): Promise<{ uuid: string }> {
  const uuid = randomUUID();
  const expiresAt = new Date(clock.now().getTime() + TASK_LIFETIME_MS[t.kind]);
  await db.query(
    `insert into command_tasks (uuid, org_id, equipment_id, gateway_sn, account_id, kind, payload, state, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $9)`,
    [uuid, t.orgId, t.equipmentId, t.sn, t.accountId, t.kind, t.payload, expiresAt, clock.now()],
  );
  try {
    await send(uuid, expiresAt);
  } catch {
    await failTask(db, clock, uuid, sendFailure);
    return { uuid };
  }
  // the gateway may have answered already: only a task still queued becomes sent
  await db.query(`update command_tasks set state = 'sent' where uuid = $1 and state = 'queued'`, [uuid]);
  return { uuid };
}

/** Records a gateway's answer; a late answer to an expired task is kept for the log but changes nothing. */
export async function finishTask(
  db: Db,
  clock: Clock,
  uuid: string,
  ok: boolean,
  code: number | null,
  result: unknown,
): Promise<boolean> {
  const rows = await db.query(
    `update command_tasks set state = $2, code = $3, result = $4, finished_at = $5 where uuid = $1 and state in ('queued', 'sent') returning uuid`,
    [
      uuid,
      ok ? 'succeeded' : 'failed',
      code,
      result === undefined ? null : JSON.stringify(result),
      clock.now(),
    ],
  );
  return rows.length > 0;
}

/**
 * A gateway's answer on `up/cmd/result`. A gateway can finish only its own tasks; the location a
 * successful `locate` answers becomes the gateway's, unless the task had already ended.
 */
export async function applyCommandResult(
  db: Db,
  clock: Clock,
  sn: string,
  msg: CommandResultMessage,
): Promise<void> {
  const task = await one<{ kind: TaskKind }>(
    db,
    'select kind from command_tasks where uuid = $1 and gateway_sn = $2',
    [msg.uuid, sn],
  );
  if (!task) return;
  const finished = await finishTask(db, clock, msg.uuid, msg.ok, msg.code ?? null, msg.data);
  const located = locationSchema.safeParse(msg.data);
  if (finished && task.kind === 'locate' && msg.ok && located.success)
    await recordLocation(db, clock, sn, located.data);
}

/** The open `sync` task that sent this gateway the configuration with this hash, if any. */
export async function openSyncTask(db: Db, sn: string, hash: string): Promise<string | null> {
  const task = await one<{ uuid: string }>(
    db,
    `select uuid from command_tasks where gateway_sn = $1 and kind = 'sync' and state in ('queued', 'sent')
        and payload->>'hash' = $2 order by created_at desc limit 1`,
    [sn, hash],
  );
  return task?.uuid ?? null;
}

async function failTask(db: Db, clock: Clock, uuid: string, code: number): Promise<void> {
  await finishTask(db, clock, uuid, false, code, null);
}

/**
 * Tasks the gateway never answered in time become 'expired' with the communication time-out
 * (1301); an upgrade that expired leaves its gateway's upgrade state 'failed' with that code.
 */
export async function expireTasks(db: Db, clock: Clock): Promise<number> {
  const rows = await db.query<{ gateway_sn: string; kind: TaskKind }>(
    `update command_tasks set state = 'expired', code = $2, finished_at = $1
      where state in ('queued', 'sent') and expires_at < $1 returning gateway_sn, kind`,
    [clock.now(), Err.communicationTimeout],
  );
  const upgrades = rows.filter((r) => r.kind === 'upgrade').map((r) => r.gateway_sn);
  if (upgrades.length)
    await db.query(
      `update gateways set ota_state = 'failed', ota_code = $2, ota_at = $3
        where sn = any($1::text[]) and ota_state not in ('updated', 'failed')`,
      [upgrades, Err.communicationTimeout, clock.now()],
    );
  return rows.length;
}

/**
 * The answer of `/lfscada/equipment/multi/callback`: still waiting, success with the data, or
 * failure with the catalogue message in the caller's language. Only the caller's enterprise
 * sees its tasks.
 */
export async function taskOutcome(db: Db, clock: Clock, orgId: number, uuid: string, lang: Lang) {
  await expireTasks(db, clock);
  const task = await one<{ state: TaskState; code: number | null; result: unknown; kind: TaskKind }>(
    db,
    'select state, code, result, kind from command_tasks where uuid = $1 and org_id = $2',
    [uuid, orgId],
  );
  if (!task) throw new AppError(Err.dataMissingOrNoAccess);
  if (task.state === 'queued' || task.state === 'sent') return { status: 'wait' as const };
  if (task.state === 'succeeded')
    return { status: 'success' as const, code: '200', message: successText(lang), data: task.result };
  const code = task.code ?? Err.communicationTimeout;
  return {
    status: 'failure' as const,
    code: String(code),
    message: messageFor(code, lang),
    data: task.result,
  };
}
