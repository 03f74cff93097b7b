import type { GatewayStatusMessage } from '@fieldhub/shared';
import { coalesce } from '../db/coalesce';
import { one, type Db } from '../db/db';
import type { Clock } from '../clock';
import type { LinkEvents } from './linkEvents';
import { recordTrackPoint } from '../modules/map/track.service';

/*
 * The configuration a birth names counts as the device's only when the platform knows it as such:
 * it is the one already recorded for the gateway, or one the platform sent this gateway for its
 * current device. A gateway moved to another device still runs the old device's configuration,
 * whose version number may well equal the new device's (versions count each device's own edits):
 * it must show "sync needed", not pass for being in sync. (A birth without a hash is judged by
 * its version alone.)
 */
const knownConfig = `($10::text is not distinct from g.applied_hash
  or exists (select 1 from command_tasks t where t.gateway_sn = g.sn and t.equipment_id = g.equipment_id
              and t.kind = 'sync' and (t.payload->>'version')::int = $9 and ($10 is null or t.payload->>'hash' = $10)))`;

/** What a status changed: the boot the gateway ran before it (null: none known). */
export interface StatusApplied {
  previousBootId: string | null;
}

/**
 * A gateway's birth, heartbeat, sleep notice or last will. The birth says which configuration
 * the gateway runs; when that is not the device's current one, the device shows "sync needed".
 * `skewMs` (the status's `ts` less the platform's time) is kept as the gateway's clock skew.
 * Null for a gateway that is not registered.
 */
export async function applyStatus(
  db: Db,
  clock: Clock,
  events: LinkEvents,
  sn: string,
  msg: GatewayStatusMessage,
  skewMs: number | null = null,
): Promise<StatusApplied | null> {
  const status = !msg.online ? 'offline' : msg.sleeping ? 'sleeping' : 'online';
  // every reported position may join the track (docs/requirements/data-views.md §5.3), before the
  // gateway's location changes, so whoever sees the new location finds the track up to date
  if (msg.location) await recordTrackPoint(db, sn, msg.location, clock.now());
  const row = await one<{ equipment_id: number | null; previous_boot_id: string | null }>(
    db,
    `with before as (select boot_id from gateways where sn = $1)
     update gateways g set status = $2,
            last_seen_at = $3,
            boot_id = coalesce($4, g.boot_id),
            firmware = coalesce($5, g.firmware),
            signal_strength = coalesce($6, g.signal_strength),
            location = coalesce($7::jsonb, g.location),
            applied_version = case when not $8::boolean then g.applied_version when ${knownConfig} then $9 end,
            applied_hash = case when not $8::boolean then g.applied_hash when ${knownConfig} then $10 end,
            network_mode = coalesce($11, g.network_mode),
            pending_network_mode = case when $11 is not null and $11 = g.pending_network_mode then null else g.pending_network_mode end,
            clock_skew_ms = coalesce($12, g.clock_skew_ms)
      where sn = $1
      returning equipment_id, (select boot_id from before) as previous_boot_id`,
    [
      sn,
      status,
      clock.now(),
      msg.bootId ?? null,
      msg.firmware ?? null,
      msg.signal ?? null,
      msg.location ? JSON.stringify({ ...msg.location, at: clock.now().toISOString() }) : null,
      msg.online && msg.configVersion !== undefined,
      msg.configVersion ?? null,
      msg.configHash ?? null,
      msg.networkMode ?? null,
      skewMs,
    ],
  );
  if (!row) return null;
  events.emit('gatewayStatus', { sn, equipmentId: row.equipment_id, status });
  return { previousBootId: row.previous_boot_id };
}

/**
 * `noteLife` of the link: any uplink of a gateway moves its last sign of life on (the offline
 * timer of `expireSilentGateways`), written at most every `everyMs` per gateway; its status stays
 * as it is (a birth says online, a last will offline). The gateways noted while one write is in
 * flight are written together by the next (one statement for a busy link, not one per uplink);
 * each call resolves once its gateway's time is written.
 */
export function lifeSigns(db: Db, clock: Clock, everyMs = 10_000): (sn: string) => Promise<void> {
  const written = new Map<string, number>();
  const write = coalesce<string, void>(async (sns) => {
    await db.query('update gateways set last_seen_at = greatest(last_seen_at, $2) where sn = any($1)', [
      sns,
      clock.now(),
    ]);
  }, undefined);
  return async (sn) => {
    const now = clock.now().getTime();
    const last = written.get(sn);
    if (last !== undefined && now - last < everyMs) return;
    written.set(sn, now);
    await write(sn);
  };
}

/** Gateways whose last sign of life is older than `staleMs` are marked offline (missed last will). */
export async function expireSilentGateways(
  db: Db,
  clock: Clock,
  events: LinkEvents,
  staleMs: number,
): Promise<void> {
  const rows = await db.query<{ sn: string; equipment_id: number | null }>(
    `update gateways set status = 'offline' where status <> 'offline' and last_seen_at < $1 returning sn, equipment_id`,
    [new Date(clock.now().getTime() - staleMs)],
  );
  for (const r of rows)
    events.emit('gatewayStatus', { sn: r.sn, equipmentId: r.equipment_id, status: 'offline' });
}

/**
 * A birth (online, awake) that names no configuration: the gateway runs none yet and should get
 * its device's at once.
 */
export function runsNoConfiguration(msg: GatewayStatusMessage): boolean {
  return msg.online && !msg.sleeping && msg.configVersion == null;
}

/** A registered gateway as its uplinks need it. */
export interface LinkedGateway {
  /** the device it is bound to; null when unbound */
  equipmentId: number | null;
  /** ms since the epoch */
  registeredAt: number;
  /** the configuration version of its device (its variables and rules); null when unbound */
  configVersion: number | null;
}

/** These registered gateways by SN, with their device's configuration version; the unknown are left out. */
export async function linkedGateways(db: Db, sns: readonly string[]): Promise<Map<string, LinkedGateway>> {
  const rows = await db.query<{
    sn: string;
    equipment_id: number | null;
    registered_at: Date;
    config_version: number | null;
  }>(
    `select g.sn, g.equipment_id, g.registered_at, e.config_version
       from gateways g left join equipment e on e.id = g.equipment_id
      where g.sn = any($1)`,
    [sns],
  );
  return new Map(
    rows.map((r) => [
      r.sn,
      {
        equipmentId: r.equipment_id,
        registeredAt: r.registered_at.getTime(),
        configVersion: r.equipment_id === null ? null : (r.config_version ?? 0),
      },
    ]),
  );
}

/**
 * The gateways as uplinks need them: `now(sn)` reads the gateway afresh (its device's
 * configuration version included: what a telemetry batch is judged against), the reads of the
 * uplinks handled meanwhile made together in one statement; `recent(sn)` answers what was read
 * less than `maxAgeMs` ago, so a stream of other uplinks costs a read every few seconds and a new
 * binding is still seen quickly. Null for a gateway that is not registered.
 */
export function gatewayReads(db: Db, clock: Clock, maxAgeMs = 5_000) {
  const known = new Map<string, { gateway: LinkedGateway | null; at: number }>();
  const read = coalesce<string, LinkedGateway | null>((sns) => linkedGateways(db, sns), null);
  const now = async (sn: string): Promise<LinkedGateway | null> => {
    const at = clock.now().getTime();
    const gateway = await read(sn);
    known.set(sn, { gateway, at });
    return gateway;
  };
  const recent = async (sn: string): Promise<LinkedGateway | null> => {
    const cached = known.get(sn);
    if (cached && clock.now().getTime() - cached.at < maxAgeMs) return cached.gateway;
    return now(sn);
  };
  return { now, recent };
}

/**
 * A base-station location the gateway reported becomes its location, stamped with the time, and
 * may join its track (docs/requirements/data-views.md §5.3).
 */
export async function recordLocation(
  db: Db,
  clock: Clock,
  sn: string,
  location: NonNullable<GatewayStatusMessage['location']>,
): Promise<void> {
  const at = clock.now();
  await recordTrackPoint(db, sn, location, at);
  await db.query('update gateways set location = $2 where sn = $1', [
    sn,
    JSON.stringify({ ...location, at: at.toISOString() }),
  ]);
}
