import type { Logger } from 'pino';
import type { BusMessage, GatewayAlarm, LiveValue } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { LiveBus } from '../liveBus';
import {
  recordAlarmNotifications,
  type AlarmMethod,
  type AlarmNotice,
  type AlarmNotificationResult,
} from '../notify/alarmNotifier';
import type { NotificationProviders } from '../notify/providers';
import type { OutboxDispatcher } from '../notify/outboxDispatcher';
import { conditionMet } from './alarmCondition';
import { DeviceQueue } from './deviceQueue';
import {
  activeAlarmOfRule,
  activeSignalAlarms,
  deviceHead,
  deviceVersion,
  enabledRules,
  gatewayAlarmMessage,
  insertGatewayAlarm,
  insertSignalAlarm,
  releaseGatewayAlarms,
  releaseSignalAlarm,
  signalAlarmMessage,
  type ActiveSignalAlarm,
  type RuleDef,
} from './alarmStore';

/** A gateway's presence change, as the link reports it (LinkEvents 'gatewayStatus'). */
export interface GatewayStatusChange {
  sn: string;
  equipmentId: number | null;
  status: GatewayAlarm['status'];
}

export interface AlarmEngine {
  /**
   * Judges live samples of one device against its alarm rules, in time order, and returns the
   * alarm changes (`signalAlarm` messages) for the caller to publish after the values.
   */
  evaluate(equipmentId: number, samples: readonly LiveValue[]): Promise<BusMessage[]>;
  /** Raises the device's gateway alarm when its gateway goes offline, releases it when it is back. */
  gatewayStatus(change: GatewayStatusChange): Promise<void>;
  /** resolves when the work queued so far is done */
  idle(): Promise<void>;
  /** resolves when the notifications waiting for a sending provider have been tried */
  flushNotifications(): Promise<void>;
}

/** What the engine holds of one device; rebuilt from the database when its configuration changes. */
interface DeviceState {
  version: number;
  orgId: number;
  name: string;
  rulesByVariable: Map<number, RuleDef[]>;
  /** consecutive samples meeting each rule's condition, while its alarm is not active */
  counts: Map<number, number>;
  /** the active alarm of each rule */
  active: Map<number, ActiveSignalAlarm>;
  /** time of the last judged sample of each variable with rules */
  lastTs: Map<number, number>;
}

export interface AlarmEngineParts {
  db: Db;
  clock: Clock;
  bus: LiveBus;
  providers: NotificationProviders;
  dispatcher: OutboxDispatcher | null;
  log: Logger;
}

const GATEWAY_TEXT = (sn: string) => ({
  'zh-CN': `网关 ${sn} 离线`,
  'en-US': `Gateway ${sn} is offline`,
});

/**
 * The alarm engine (docs/requirements/monitoring.md §7.1, docs/requirements/device-configuration.md §4).
 * Durable state is the `alarms` table; in memory it keeps, per device, the rules, the active alarms (loaded
 * from the table at the device's first batch after a start and after every configuration change) and the
 * filter counters. Work of one device is serialised (DeviceQueue), and the table's partial unique indexes
 * keep one active alarm per rule and variable even when two server instances judge the same device.
 *
 * Judging rules:
 * - a sample counts only when it is newer than the last judged sample of its variable (a batch
 *   delivered twice, or an older batch resent after a gap, is not judged again);
 * - a sample of bad quality (a failed read) or without a numeric value neither raises, clears
 *   nor resets a filter count: a gateway losing its devices does not flood or drop alarms;
 * - `filterCount` consecutive samples meeting the condition raise the alarm; the first sample
 *   not meeting it releases the alarm (release time and value are the sample's).
 * Filter counters live in memory only: after a restart, counting starts again.
 */
export function createAlarmEngine(parts: AlarmEngineParts): AlarmEngine {
  const { db, clock, bus, providers, dispatcher, log } = parts;
  const queue = new DeviceQueue();
  const devices = new Map<number, DeviceState>();

  /** The device's state, reloaded when its configuration version moved; null when it is gone. */
  async function stateOf(equipmentId: number, out: BusMessage[]): Promise<DeviceState | null> {
    const version = await deviceVersion(db, equipmentId);
    if (version === null) {
      devices.delete(equipmentId);
      return null;
    }
    const held = devices.get(equipmentId);
    if (held && held.version === version) return held;
    const head = await deviceHead(db, equipmentId);
    if (!head) return null;
    const rules = await enabledRules(db, equipmentId);
    const rulesByVariable = new Map<number, RuleDef[]>();
    for (const r of rules)
      rulesByVariable.set(r.variableId, [...(rulesByVariable.get(r.variableId) ?? []), r]);
    const live = new Map(rules.map((r) => [r.id, r]));
    const active = new Map<number, ActiveSignalAlarm>();
    for (const a of await activeSignalAlarms(db, equipmentId)) {
      const rule = live.get(a.ruleId);
      if (rule && rule.variableId === a.variableId) {
        active.set(a.ruleId, a);
        continue;
      }
      // its rule was deleted, disabled or moved to another variable: the alarm can never clear itself
      const at = clock.now().getTime();
      if (await releaseSignalAlarm(db, a.id, null, at))
        out.push({ type: 'signalAlarm', equipmentId, alarm: signalAlarmMessage(a, 'cleared', null, at) });
    }
    const state: DeviceState = {
      version: head.version,
      orgId: head.orgId,
      name: head.name,
      rulesByVariable,
      counts: new Map(),
      active,
      lastTs: held?.lastTs ?? new Map(),
    };
    devices.set(equipmentId, state);
    return state;
  }

  /** After the commit: wake the outbox dispatcher, announce the in-app messages to their sockets. */
  async function afterNotified(notified: AlarmNotificationResult | null): Promise<void> {
    if (!notified) return;
    if (notified.pending) dispatcher?.kick();
    if (notified.messages.length) await bus.publishMsg({ type: 'msgCreated', items: notified.messages });
  }

  async function raise(
    equipmentId: number,
    state: DeviceState,
    rule: RuleDef,
    sample: LiveValue,
  ): Promise<ActiveSignalAlarm | null> {
    let notified: AlarmNotificationResult | null = null;
    const raised = await db.tx(async (tx) => {
      const inserted = await insertSignalAlarm(tx, equipmentId, state.orgId, rule, sample.value, sample.ts);
      if (!inserted) return null;
      const notice: AlarmNotice = {
        alarmId: inserted.id,
        orgId: state.orgId,
        equipmentId,
        equipmentName: state.name,
        kind: 'signal',
        level: rule.level,
        ruleType: rule.ruleType,
        text: { 'zh-CN': rule.content, 'en-US': rule.content },
        methods: rule.methods as AlarmMethod[],
        voiceLoops: rule.voiceLoops,
        value: sample.value,
        triggeredAt: sample.ts,
      };
      notified = await recordAlarmNotifications(tx, providers, notice);
      return inserted;
    });
    await afterNotified(notified);
    if (raised) {
      state.active.set(rule.id, raised);
      return raised;
    }
    // raised already (another instance, or before this instance started): adopt it, say nothing
    const existing = await activeAlarmOfRule(db, rule.id, rule.variableId);
    if (existing) state.active.set(rule.id, existing);
    return null;
  }

  async function judge(equipmentId: number, samples: readonly LiveValue[]): Promise<BusMessage[]> {
    const out: BusMessage[] = [];
    const state = await stateOf(equipmentId, out);
    if (!state || !state.rulesByVariable.size) return out;
    // stable sort: samples of one time keep the batch's order
    const ordered = [...samples].sort((a, b) => a.ts - b.ts);
    for (const sample of ordered) {
      const rules = state.rulesByVariable.get(sample.signalId);
      if (!rules) continue;
      const last = state.lastTs.get(sample.signalId);
      if (last !== undefined && sample.ts <= last) continue;
      state.lastTs.set(sample.signalId, sample.ts);
      if (sample.quality !== 0) continue;
      for (const rule of rules) {
        const met = conditionMet(rule, sample.value);
        if (met === null) continue;
        const active = state.active.get(rule.id);
        if (met) {
          if (active) continue;
          const count = (state.counts.get(rule.id) ?? 0) + 1;
          if (count < rule.filterCount) {
            state.counts.set(rule.id, count);
            continue;
          }
          state.counts.delete(rule.id);
          const raised = await raise(equipmentId, state, rule, sample);
          if (raised)
            out.push({
              type: 'signalAlarm',
              equipmentId,
              alarm: signalAlarmMessage(raised, 'active', sample.value, null),
            });
        } else {
          state.counts.delete(rule.id);
          if (!active) continue;
          state.active.delete(rule.id);
          if (await releaseSignalAlarm(db, active.id, sample.value, sample.ts))
            out.push({
              type: 'signalAlarm',
              equipmentId,
              alarm: signalAlarmMessage(
                active,
                'cleared',
                sample.value,
                Math.max(sample.ts, active.triggeredAt),
              ),
            });
        }
      }
    }
    return out;
  }

  async function gatewayChange(equipmentId: number, sn: string, status: GatewayAlarm['status']) {
    const now = clock.now();
    if (status === 'offline') {
      let notified: AlarmNotificationResult | null = null;
      const raised = await db.tx(async (tx) => {
        const alarm = await insertGatewayAlarm(tx, equipmentId, sn, now);
        if (!alarm) return null; // already offline: one alarm, however often it is said
        const notice: AlarmNotice = {
          alarmId: alarm.id,
          orgId: alarm.orgId,
          equipmentId,
          equipmentName: alarm.name,
          kind: 'gateway',
          level: 'serious',
          ruleType: '00',
          text: GATEWAY_TEXT(sn),
          methods: ['message'],
          voiceLoops: 1,
          value: null,
          triggeredAt: alarm.triggeredAt,
        };
        notified = await recordAlarmNotifications(tx, providers, notice);
        return alarm;
      });
      await afterNotified(notified);
      if (raised)
        await bus.publish({
          type: 'gatewayAlarm',
          equipmentId,
          alarm: gatewayAlarmMessage(raised, sn, status, null),
        });
      return;
    }
    for (const a of await releaseGatewayAlarms(db, equipmentId, sn, now))
      await bus.publish({
        type: 'gatewayAlarm',
        equipmentId: a.equipmentId,
        alarm: gatewayAlarmMessage(a, a.sn, status, a.releasedAt),
      });
  }

  return {
    evaluate(equipmentId, samples) {
      return queue.run(equipmentId, async () => {
        try {
          return await judge(equipmentId, samples);
        } catch (err) {
          // what is in memory may now differ from the table: rebuild it at the next batch
          devices.delete(equipmentId);
          throw err;
        }
      });
    },
    async gatewayStatus({ sn, equipmentId, status }) {
      // an unbound gateway has no device to alarm on; -1 matches no device when releasing by SN
      const key = equipmentId ?? -1;
      if (equipmentId === null && status === 'offline') return;
      await queue
        .run(key, () => gatewayChange(key, sn, status))
        .catch((err: unknown) => log.warn({ err, sn, status }, 'gateway alarm not recorded'));
    },
    idle: () => queue.idle(),
    async flushNotifications() {
      await queue.idle();
      await dispatcher?.drain();
    },
  };
}
