/**
 * Firmware upgrade of a gateway (issue 4 item 2): the platform sends `down/ota` with a one-time
 * download address and the package's sha256 as an `upgrade` task; the gateway downloads, checks,
 * installs and restarts, reporting each state on `up/ota/progress`; 'updated' finishes the task
 * with success, 'failed' with the gateway's code (1312 download, 1310 otherwise). The gateway's
 * next birth names the new firmware.
 */
import { randomBytes } from 'node:crypto';
import {
  AppError,
  DOWN,
  Err,
  PROTOCOL_VERSION,
  type OtaMessage,
  type OtaProgressMessage,
} from '@fieldhub/shared';
import { one, type Db } from '../db/db';
import type { Clock } from '../clock';
import type { AuthContext } from '../http/context';
import { isNewer, latestPackage } from '../modules/firmware/firmware.service';
import { recordBy } from '../modules/oplog/oplog.service';
import { finishTask } from './commandTasks';
import { dispatch, gatewayDevice, reachableGateway, type CommandDeps } from './commands.service';

/** Path of the one-time download address a gateway is sent. */
export const FIRMWARE_DOWNLOAD_PATH = '/lfscada/firmware/download';

/**
 * Sends the newest package of the gateway's series: 1314 when the series has none, 1311 when the
 * gateway runs it (or a newer one) already, 1309 while another upgrade is under way. `baseUrl` is
 * where the gateway reaches this server's HTTP port.
 */
export async function upgradeGateway(
  deps: CommandDeps,
  auth: AuthContext,
  sn: string,
  baseUrl: string,
  ip: string,
) {
  const gw = await reachableGateway(deps.db, auth, await gatewayDevice(deps.db, sn), Err.gatewayNotFound);
  const running = await one(
    deps.db,
    `select 1 from command_tasks where gateway_sn = $1 and kind = 'upgrade' and state in ('queued', 'sent')
        and expires_at > $2`,
    [sn, deps.clock.now()],
  );
  if (running) throw new AppError(Err.firmwareUpgrading);
  const pkg = await latestPackage(deps.db, gw.series);
  if (!pkg) throw new AppError(Err.noUpgradePackage);
  const current = await one<{ firmware: string }>(deps.db, 'select firmware from gateways where sn = $1', [
    sn,
  ]);
  if (!isNewer(pkg.version, current?.firmware ?? '')) throw new AppError(Err.firmwareUpToDate);
  await recordBy(deps.db, auth, ip, {
    action: 'gateway.upgrade',
    objectType: 'equipment',
    objectId: gw.equipmentId,
    detail: { sn, from: current?.firmware ?? '', to: pkg.version },
  });
  const token = randomBytes(24).toString('hex');
  await deps.db.query(
    `update gateways set ota_state = 'sent', ota_version = $2, ota_percent = null, ota_code = null, ota_at = $3
      where sn = $1`,
    [sn, pkg.version, deps.clock.now()],
  );
  return dispatch(
    deps,
    auth,
    gw,
    'upgrade',
    { packageId: pkg.id, version: pkg.version, token },
    (uuid, expiresAt) => {
      const ota: OtaMessage = {
        v: PROTOCOL_VERSION as 1,
        uuid,
        url: `${baseUrl.replace(/\/$/, '')}${FIRMWARE_DOWNLOAD_PATH}/${token}`,
        sha256: pkg.sha256,
        version: pkg.version,
        size: pkg.size,
        expiresAt: expiresAt.getTime(),
      };
      return deps.link.publishDown(sn, DOWN.ota, ota);
    },
  );
}

/** The package an open upgrade task's download token names, or null. */
export async function packageForToken(db: Db, clock: Clock, token: string): Promise<number | null> {
  if (!/^[0-9a-f]{48}$/.test(token)) return null;
  const row = await one<{ packageId: string }>(
    db,
    `select payload->>'packageId' as "packageId" from command_tasks
      where kind = 'upgrade' and state in ('queued', 'sent') and expires_at > $2 and payload->>'token' = $1`,
    [token, clock.now()],
  );
  return row ? Number(row.packageId) : null;
}

/** A gateway's report on its upgrade; reports of another gateway's task change nothing. */
export async function applyOtaProgress(
  db: Db,
  clock: Clock,
  sn: string,
  msg: OtaProgressMessage,
): Promise<void> {
  const task = await one<{ version: string }>(
    db,
    `select payload->>'version' as version from command_tasks
      where uuid = $1 and gateway_sn = $2 and kind = 'upgrade' and state in ('queued', 'sent')`,
    [msg.uuid, sn],
  );
  if (!task) return;
  const code = msg.state === 'failed' ? (msg.code ?? Err.firmwareUpgradeFailed) : null;
  await db.query(
    `update gateways set ota_state = $2, ota_percent = $3, ota_code = $4, ota_at = $5,
            firmware = case when $2 = 'updated' then $6 else firmware end
      where sn = $1`,
    [sn, msg.state, msg.percent ?? null, code, clock.now(), task.version],
  );
  if (msg.state === 'updated') await finishTask(db, clock, msg.uuid, true, null, { version: task.version });
  if (msg.state === 'failed') await finishTask(db, clock, msg.uuid, false, code, null);
}
