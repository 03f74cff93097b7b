import type { BusMessage, LiveValue } from '@fieldhub/shared';
import type { Db } from '../src/db/db';
import type { LiveBus } from '../src/monitor/liveBus';
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
