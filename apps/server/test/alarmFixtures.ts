import type { BusMessage, LiveValue } from '@fieldhub/shared';
import type { Db } from '../src/db/db';
import type { LiveBus } from '../src/monitor/liveBus';
import { ensureMonthPartitions } from '../src/link/partitions';
import type { Caller } from './harness';
import { made, variable } from './deviceFixtures';

/** Helpers of the alarm tests: rules through HTTP, samples, what the table and the bus hold. */

export interface RuleFields {
  condition: string;
  value: number;
  value2?: number;
  level?: string;
  content?: string;
  methods?: string[];
  filterCount?: number;
  ruleType?: '00' | '01';
  voiceLoops?: number;
}

/** Adds an alarm rule on a device's variable through the configuration call; returns its id. */
export async function alarmRule(
  admin: Caller,
  equipmentId: number,
  variableId: number,
  fields: RuleFields,
): Promise<number> {
  const item = { content: `${fields.condition} ${fields.value}`, ...fields, variableId };
  return (await made(admin, '/lfscada/equipment/multi/alarm/add', { owner: { equipmentId }, item })).id;
}

let variableSerial = 0;
/** A new variable of the device with one alarm rule on it. */
export async function variableWithRule(
  admin: Caller,
  equipmentId: number,
  driverId: number,
  fields: RuleFields,
): Promise<{ variableId: number; ruleId: number }> {
  variableSerial++;
  const variableId = await variable(admin, { equipmentId }, driverId, `v_${variableSerial}`, {
    address: String(variableSerial),
  });
  return { variableId, ruleId: await alarmRule(admin, equipmentId, variableId, fields) };
}

export const good = (signalId: number, ts: number, value: number | string | null): LiveValue => ({
  signalId,
  ts,
  value,
  quality: 0,
});

/** A failed read: no value, the catalogue code of the fault (1715 lower device timeout). */
export const failed = (signalId: number, ts: number, code = 1715): LiveValue => ({
  signalId,
  ts,
  value: null,
  quality: code,
});

/**
 * Stores samples in history as the telemetry ingest does before it hands them to the monitor (the
 * first delivery of a time is the one kept), so that the alarm engine finds them when it judges a
 * late sample in its place.
 */
export async function storeSamples(db: Db, equipmentId: number, values: readonly LiveValue[]): Promise<void> {
  if (!values.length) return;
  await ensureMonthPartitions(
    db,
    'signal_values',
    values.map((v) => v.ts),
  );
  await db.query(
    `insert into signal_values (equipment_id, variable_id, ts, num, txt, quality)
     select $1, v, t, n, x, q from unnest($2::bigint[], $3::timestamptz[], $4::float8[], $5::text[], $6::int[]) as u(v, t, n, x, q)
     on conflict do nothing`,
    [
      equipmentId,
      values.map((v) => v.signalId),
      values.map((v) => new Date(v.ts)),
      values.map((v) => (typeof v.value === 'number' ? v.value : null)),
      values.map((v) => (typeof v.value === 'string' ? v.value : null)),
      values.map((v) => v.quality),
    ],
  );
}

export interface AlarmRow {
  id: number;
  kind: 'signal' | 'gateway';
  rule_id: number | null;
  variable_id: number | null;
  state: 'active' | 'cleared';
  trigger_value: number | string | null;
  release_value: number | string | null;
  triggered_at: Date;
  released_at: Date | null;
  content: string;
  sn: string | null;
  delayed: boolean;
}

export async function alarmsOf(
  db: Db,
  where: { ruleId?: number; equipmentId?: number },
): Promise<AlarmRow[]> {
  if (where.ruleId !== undefined)
    return db.query<AlarmRow>('select * from alarms where rule_id = $1 order by id', [where.ruleId]);
  return db.query<AlarmRow>('select * from alarms where equipment_id = $1 order by id', [where.equipmentId]);
}

/** Every message the bus carries from now on. */
export function busRecorder(bus: LiveBus): { messages: BusMessage[]; stop(): void } {
  const messages: BusMessage[] = [];
  const stop = bus.subscribe((m) => messages.push(m));
  return { messages, stop };
}

/**
 * The first bus message (from now on) matching `match`. Waiting is bounded only so that a
 * missing message fails the test instead of hanging it; nothing is asserted about timing.
 */
export function nextOnBus<T extends BusMessage>(
  bus: LiveBus,
  match: (m: BusMessage) => m is T,
  what: string,
  limitMs = 15_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${what} on the bus`));
    }, limitMs);
    const stop = bus.subscribe((m) => {
      if (!match(m)) return;
      clearTimeout(timer);
      stop();
      resolve(m);
    });
  });
}
