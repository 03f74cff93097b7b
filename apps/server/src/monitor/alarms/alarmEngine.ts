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
import { judge as judgeSample, type AlarmSpan, type RuleState } from './alarmKernel';
import { reevaluate, type RuleWindow } from './alarmWindow';
import { correctAlarm, insertAlarmSpan, lockVariableWindow, removeAlarms } from './alarmWindowStore';
import { delayedAlarmNotices } from './delayedAlarms';
import { gatewayChange } from './gatewayAlarms';
import { DeviceQueue } from './deviceQueue';
import {
  activeAlarmOfRule,
  activeSignalAlarms,
  deviceHead,
  deviceVersion,
  enabledRules,
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
   * Judges stored samples of one device against its alarm rules, each in its place in time order
   * (`hist`: a replay of buffered history), and returns the alarm changes (`signalAlarm` messages)
   * for the caller to publish after the values. `configVersion`: the device's configuration version
   * the caller read with the samples (its rules are reloaded when it moved); read here when absent.
   */
  evaluate(
    equipmentId: number,
    samples: readonly LiveValue[],
    options?: { hist?: boolean; configVersion?: number },
  ): Promise<BusMessage[]>;
  /** Raises the device's gateway alarm when its gateway goes offline, releases it when it is back. */
  gatewayStatus(change: GatewayStatusChange): Promise<void>;
  /** resolves when the work queued so far is done */
  idle(): Promise<void>;
  /**
   * tells the alarms learnt late that wait for their device's replay to go quiet, then resolves
   * when the notifications waiting for a sending provider have been tried
   */
  flushNotifications(): Promise<void>;
  /** tells what waits and finishes the queued work (shutdown) */
  close(): Promise<void>;
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
  /** time of the newest judged sample of each variable with rules */
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

/**
 * The alarm engine (docs/requirements/monitoring.md §7, docs/requirements/device-configuration.md §4).
 * Durable state is the `alarms` table; in memory it keeps, per device, the rules, the active alarms (loaded
 * from the table at the device's first batch after a start and after every configuration change), the
 * filter counters and the time of the newest judged sample of each variable. Work of one device is
 * serialised (DeviceQueue), and the table's partial unique indexes keep one active alarm per rule and
 * variable even when two server instances judge the same device.
 *
 * Samples are judged by the alarm kernel (alarmKernel.ts), each in its place in time order, so that the
 * records of a variable are always the kernel's evaluation of its stored series:
 * - samples newer than the newest judged one of their variable are judged one after the other, from the
 *   state in memory (the usual case, and a replay sent before live data);
 * - a batch with a sample not newer (a late sample, a batch delivered twice, a resent gap), and a
 *   variable's first batch after a start or a configuration change, are judged in their place: the window they fall in is judged
 *   again from stored history and its records corrected (alarmWindow.ts, §7.5);
 * - an alarm learnt late — raised by replayed history or by a sample older than one judged before — is
 *   recorded with its true times, marked delayed and told later (delayedAlarms.ts, §7.6); every other
 *   new alarm is told at once.
 */
export function createAlarmEngine(parts: AlarmEngineParts): AlarmEngine {
  const { db, clock, bus, providers, dispatcher, log } = parts;
  const queue = new DeviceQueue();
  const devices = new Map<number, DeviceState>();

  /**
   * The device's state, reloaded when its configuration version moved (`knownVersion`: as the
   * caller read it, else read here); null when it is gone.
   */
  async function stateOf(
    equipmentId: number,
    out: BusMessage[],
    knownVersion: number | undefined,
  ): Promise<DeviceState | null> {
    const version = knownVersion ?? (await deviceVersion(db, equipmentId));
    if (version === null) {
      devices.delete(equipmentId);
      return null;
    }
    const held = devices.get(equipmentId);
    if (held && held.version === version) return held;
    // samples read before a change that this state was already reloaded for (versions only grow)
    if (held && knownVersion !== undefined && knownVersion < held.version) return held;
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
      // counts and judged times start afresh: each variable's next batch is judged in its place, which
      // rebuilds its counts from history (a configuration change does not break a run of samples)
      counts: new Map(),
      active,
      lastTs: new Map(),
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

  const delayed = delayedAlarmNotices({
    db,
    providers,
    log,
    exclusive: (equipmentId, work) => queue.run(equipmentId, work),
    afterNotified,
  });

  function noticeOf(
    equipmentId: number,
    state: DeviceState,
    rule: RuleDef,
    alarm: ActiveSignalAlarm,
  ): AlarmNotice {
    return {
      alarmId: alarm.id,
      orgId: state.orgId,
      equipmentId,
      equipmentName: state.name,
      kind: 'signal',
      level: rule.level,
      ruleType: rule.ruleType,
      text: { 'zh-CN': rule.content, 'en-US': rule.content },
      methods: rule.methods as AlarmMethod[],
      voiceLoops: rule.voiceLoops,
      value: alarm.triggerValue,
      triggeredAt: alarm.triggeredAt,
    };
  }

  /** Raises the rule's alarm at `sample`; a replayed one is marked delayed and told later. */
  async function raise(
    equipmentId: number,
    state: DeviceState,
    rule: RuleDef,
    sample: LiveValue,
    hist: boolean,
    late: number[],
  ): Promise<ActiveSignalAlarm | null> {
    let notified: AlarmNotificationResult | null = null;
    const span: AlarmSpan = {
      raisedAt: sample.ts,
      raiseValue: sample.value,
      releasedAt: null,
      releaseValue: null,
    };
    const raised = await db.tx(async (tx) => {
      const inserted = await insertAlarmSpan(tx, equipmentId, state.orgId, rule, span, hist);
      if (inserted && !hist)
        notified = await recordAlarmNotifications(
          tx,
          providers,
          noticeOf(equipmentId, state, rule, inserted),
        );
      return inserted;
    });
    await afterNotified(notified);
    if (raised) {
      if (hist) late.push(raised.id);
      state.active.set(rule.id, raised);
      return raised;
    }
    // raised already (another instance, or before this instance started): adopt it, say nothing
    const existing = await activeAlarmOfRule(db, rule.id, rule.variableId);
    if (existing) state.active.set(rule.id, existing);
    return null;
  }

  /** The rule's state as memory holds it. */
  function ruleState(state: DeviceState, rule: RuleDef): RuleState {
    const active = state.active.get(rule.id);
    return {
      count: state.counts.get(rule.id) ?? 0,
      open: active ? { raisedAt: active.triggeredAt, raiseValue: active.triggerValue } : null,
    };
  }

  /** Samples of one variable newer than any judged before, in time order, judged one after the other. */
  async function judgeInOrder(
    equipmentId: number,
    state: DeviceState,
    rules: readonly RuleDef[],
    ordered: readonly LiveValue[],
    hist: boolean,
    late: number[],
    out: BusMessage[],
  ): Promise<void> {
    for (const sample of ordered) {
      const last = state.lastTs.get(sample.signalId);
      if (last !== undefined && sample.ts <= last) continue; // a second sample of one time: the first is stored
      state.lastTs.set(sample.signalId, sample.ts);
      for (const rule of rules) {
        const [next, step] = judgeSample(rule, ruleState(state, rule), sample);
        if (next.count) state.counts.set(rule.id, next.count);
        else state.counts.delete(rule.id);
        if (step.kind === 'raised') {
          const raised = await raise(equipmentId, state, rule, sample, hist, late);
          if (raised)
            out.push({
              type: 'signalAlarm',
              equipmentId,
              alarm: signalAlarmMessage(raised, 'active', sample.value, null),
            });
        } else if (step.kind === 'released') {
          const active = state.active.get(rule.id)!;
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
  }

  /**
   * A batch of one variable with a sample not newer than the newest judged (or the variable's first
   * since a start): its window is judged again from stored history and the records corrected, in one
   * transaction. A new alarm is told at once; one learnt late waits for the device's replay to end.
   */
  async function judgeInPlace(
    equipmentId: number,
    state: DeviceState,
    variableId: number,
    rules: readonly RuleDef[],
    ordered: readonly LiveValue[],
    hist: boolean,
    late: number[],
    out: BusMessage[],
  ): Promise<void> {
    const known = state.lastTs.get(variableId);
    const replayed = new Set(hist ? ordered.map((s) => s.ts) : []);
    const told: AlarmNotificationResult[] = [];
    const changed: { alarm: ActiveSignalAlarm; span: AlarmSpan }[] = [];
    const opened = new Map<number, ActiveSignalAlarm>();
    const lateIds: number[] = [];
    const window = await db.tx(async (tx) => {
      // two instances correcting one variable's records at once would both insert what they miss
      await lockVariableWindow(tx, variableId);
      const window = await reevaluate(tx, variableId, rules, ordered, known ?? null);
      const learntLate = (span: AlarmSpan) =>
        span.raisedAt <= window.judgedBefore || replayed.has(span.raisedAt);
      for (const { rule, plan } of window.rules) {
        const asAlarm = (id: number, span: AlarmSpan): ActiveSignalAlarm => ({
          id,
          ruleId: rule.id,
          variableId,
          level: rule.level,
          content: rule.content,
          triggerValue: span.raiseValue,
          triggeredAt: span.raisedAt,
        });
        // one active alarm per rule at every statement: releases first, then removals, then the rest
        const updates = plan.update;
        for (const { id, span } of updates) if (span.releasedAt !== null) await correctAlarm(tx, id, span);
        await removeAlarms(tx, plan.remove);
        for (const { id, span } of updates) if (span.releasedAt === null) await correctAlarm(tx, id, span);
        for (const { id, span } of updates) {
          changed.push({ alarm: asAlarm(id, span), span });
          if (span.releasedAt === null) opened.set(rule.id, asAlarm(id, span));
        }
        for (const span of plan.insert) {
          const isLate = learntLate(span);
          const inserted = await insertAlarmSpan(tx, equipmentId, state.orgId, rule, span, isLate);
          if (!inserted) {
            // active already (another instance judged the same samples): adopt it, say nothing
            const existing = await activeAlarmOfRule(tx, rule.id, variableId);
            if (existing) opened.set(rule.id, existing);
            continue;
          }
          changed.push({ alarm: inserted, span });
          if (span.releasedAt === null) opened.set(rule.id, inserted);
          if (isLate) lateIds.push(inserted.id);
          else
            told.push(
              await recordAlarmNotifications(tx, providers, noticeOf(equipmentId, state, rule, inserted)),
            );
        }
      }
      return window;
    });
    for (const notified of told) await afterNotified(notified);
    late.push(...lateIds);
    for (const { alarm, span } of changed)
      out.push({
        type: 'signalAlarm',
        equipmentId,
        alarm:
          span.releasedAt === null
            ? signalAlarmMessage(alarm, 'active', span.raiseValue, null)
            : signalAlarmMessage(alarm, 'cleared', span.releaseValue, span.releasedAt),
      });
    for (const w of window.rules) keepState(state, variableId, w, opened.get(w.rule.id));
    state.lastTs.set(variableId, Math.max(window.until, known ?? Number.NEGATIVE_INFINITY));
  }

  /** After a window that ran to its end, memory holds the rule's state there. */
  function keepState(
    state: DeviceState,
    variableId: number,
    w: RuleWindow,
    opened: ActiveSignalAlarm | undefined,
  ): void {
    const { rule, end } = w;
    if (!end) return;
    if (end.count) state.counts.set(rule.id, end.count);
    else state.counts.delete(rule.id);
    if (!end.open) {
      state.active.delete(rule.id);
      return;
    }
    // the active alarm is a record the window corrected or inserted, or one it left as it was
    const kept = w.records.find((r) => r.raisedAt === end.open!.raisedAt);
    const alarm =
      opened ??
      (kept && {
        id: kept.id,
        ruleId: rule.id,
        variableId,
        level: rule.level,
        content: rule.content,
        triggerValue: kept.raiseValue,
        triggeredAt: kept.raisedAt,
      });
    if (alarm) state.active.set(rule.id, alarm);
  }

  async function judge(
    equipmentId: number,
    samples: readonly LiveValue[],
    hist: boolean,
    configVersion: number | undefined,
  ): Promise<BusMessage[]> {
    const out: BusMessage[] = [];
    const state = await stateOf(equipmentId, out, configVersion);
    if (!state || !state.rulesByVariable.size) return out;
    const byVariable = new Map<number, LiveValue[]>();
    for (const sample of samples)
      if (state.rulesByVariable.has(sample.signalId))
        byVariable.set(sample.signalId, [...(byVariable.get(sample.signalId) ?? []), sample]);
    const late: number[] = [];
    for (const [variableId, list] of byVariable) {
      const rules = state.rulesByVariable.get(variableId)!;
      // stable sort: samples of one time keep the batch's order (the first is the one stored)
      const ordered = [...list].sort((a, b) => a.ts - b.ts);
      const last = state.lastTs.get(variableId);
      if (last !== undefined && ordered[0]!.ts > last)
        await judgeInOrder(equipmentId, state, rules, ordered, hist, late, out);
      else await judgeInPlace(equipmentId, state, variableId, rules, ordered, hist, late, out);
    }
    if (hist || late.length) delayed.note(equipmentId, late);
    return out;
  }

  return {
    evaluate(equipmentId, samples, options = {}) {
      return queue.run(equipmentId, async () => {
        try {
          return await judge(equipmentId, samples, options.hist ?? false, options.configVersion);
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
        .run(key, () => gatewayChange({ db, clock, bus, providers, afterNotified }, key, sn, status))
        .catch((err: unknown) => log.warn({ err, sn, status }, 'gateway alarm not recorded'));
    },
    idle: () => queue.idle(),
    async flushNotifications() {
      await queue.idle();
      await delayed.flush();
      await dispatcher?.drain();
    },
    async close() {
      await queue.idle();
      await delayed.flush();
    },
  };
}
