import type { Logger } from 'pino';
import type { Db } from '../../db/db';
import {
  recordAlarmNotifications,
  recordDelayedAlarmSummary,
  type AlarmMethod,
  type AlarmNotificationResult,
} from '../notify/alarmNotifier';
import type { NotificationProviders } from '../notify/providers';
import { lateAlarms, type LateAlarm } from './alarmStore';

/** A device's replay is over when none of its replayed batches has come for this long. */
export const REPLAY_QUIET_MS = 30_000;

/**
 * Notices of alarms learnt late (docs/requirements/monitoring.md §7.6): raised by replayed history
 * (`hist`) or by a sample older than one already judged. They are not told one by one as they are
 * recorded — a replay of a day would ring every past excursion — but once the device's replay has
 * gone quiet: an alarm still active then is current and is told like any new alarm; those already
 * over are told as one summary per device, when the enterprise wants them told
 * (orgs.notify_delayed_alarms). What waits is kept in memory: a restart forgets it (the records
 * stay, marked delayed).
 */
export interface DelayedAlarmNotices {
  /**
   * Notes alarms of the device recorded late (none: a replayed batch without alarms, which keeps
   * the device's replay going); their notices wait until the replay is quiet.
   */
  note(equipmentId: number, alarmIds: readonly number[]): void;
  /** tells what waits, for every device, now */
  flush(): Promise<void>;
}

export interface DelayedAlarmParts {
  db: Db;
  providers: NotificationProviders;
  log: Logger;
  /** runs work of one device after the device's work queued before it (the engine's DeviceQueue) */
  exclusive: <T>(equipmentId: number, work: () => Promise<T>) => Promise<T>;
  /** after the commit: wake the dispatcher, announce the messages */
  afterNotified: (notified: AlarmNotificationResult) => Promise<void>;
  quietMs?: number;
}

/**
 * What waits per device until the device has been quiet for `quietMs`: `add` restarts the device's
 * wait (with nothing to add, only when something waits already), and the device's items go to
 * `onQuiet` once, together, when the wait ends or `flush` is called.
 */
export class QuietWait<T> {
  private readonly waiting = new Map<number, { items: T[]; timer: NodeJS.Timeout }>();

  constructor(
    private readonly quietMs: number,
    private readonly onQuiet: (key: number, items: T[]) => Promise<void>,
    private readonly onError: (key: number, err: unknown) => void,
  ) {}

  add(key: number, items: readonly T[]): void {
    const held = this.waiting.get(key);
    if (!held && !items.length) return;
    if (held) clearTimeout(held.timer);
    const timer = setTimeout(() => {
      this.release(key).catch((err: unknown) => this.onError(key, err));
    }, this.quietMs);
    timer.unref();
    this.waiting.set(key, { items: [...(held?.items ?? []), ...items], timer });
  }

  async flush(): Promise<void> {
    await Promise.all([...this.waiting.keys()].map((key) => this.release(key)));
  }

  private release(key: number): Promise<void> {
    const held = this.waiting.get(key);
    if (!held) return Promise.resolve();
    clearTimeout(held.timer);
    this.waiting.delete(key);
    return this.onQuiet(key, held.items);
  }
}

export function delayedAlarmNotices(parts: DelayedAlarmParts): DelayedAlarmNotices {
  const { db, providers, log, exclusive, afterNotified } = parts;

  async function tell(ids: readonly number[]): Promise<void> {
    const alarms = await lateAlarms(db, ids);
    for (const a of alarms.filter((x) => x.state === 'active')) {
      const notified = await db.tx((tx) => recordAlarmNotifications(tx, providers, noticeOf(a)));
      await afterNotified(notified);
    }
    const over = alarms.filter((x) => x.state === 'cleared');
    const first = over[0];
    if (!first?.notifyDelayed) return;
    const notified = await db.tx((tx) =>
      recordDelayedAlarmSummary(tx, providers, {
        orgId: first.orgId,
        equipmentId: first.equipmentId,
        equipmentName: first.equipmentName,
        alarmIds: over.map((a) => a.id),
        methods: [...new Set(over.flatMap((a) => a.methods as AlarmMethod[]))],
        firstAt: first.triggeredAt,
        lastAt: over.at(-1)!.triggeredAt,
      }),
    );
    await afterNotified(notified);
  }

  const wait = new QuietWait<number>(
    parts.quietMs ?? REPLAY_QUIET_MS,
    (equipmentId, ids) => exclusive(equipmentId, () => tell(ids)),
    (equipmentId, err) => log.warn({ err, equipmentId }, 'delayed alarm notices not recorded'),
  );
  return {
    note: (equipmentId, alarmIds) => wait.add(equipmentId, alarmIds),
    flush: () => wait.flush(),
  };
}

function noticeOf(a: LateAlarm) {
  return {
    alarmId: a.id,
    orgId: a.orgId,
    equipmentId: a.equipmentId,
    equipmentName: a.equipmentName,
    kind: 'signal' as const,
    level: a.level,
    ruleType: a.ruleType,
    text: { 'zh-CN': a.content, 'en-US': a.content },
    methods: a.methods as AlarmMethod[],
    voiceLoops: a.voiceLoops,
    value: a.triggerValue,
    triggeredAt: a.triggeredAt,
  };
}
