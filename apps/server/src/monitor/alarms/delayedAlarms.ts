import type { Logger } from 'pino';
import type { Db } from '../../db/db';
import {
  recordAlarmNotifications,
  recordDelayedAlarmSummary,
  type AlarmMethod,
  type AlarmNotificationResult,
} from '../notify/alarmNotifier';
import type { NotificationProviders } from '../notify/providers';
import { claimPendingNotices, lateAlarms, pendingNoticesByDevice, type LateAlarm } from './alarmStore';

/** A device's replay is over when none of its replayed batches has come for this long. */
export const REPLAY_QUIET_MS = 30_000;

/**
 * Notices of alarms learnt late (docs/requirements/monitoring.md §7.6): raised by replayed history
 * (`hist`) or by a sample older than one already judged. They are not told one by one as they are
 * recorded — a replay of a day would ring every past excursion — but once the device's replay has
 * gone quiet: an alarm still active then is current and is told like any new alarm; those already
 * over are told as one summary per device, when the enterprise wants them told
 * (orgs.notify_delayed_alarms). What waits is marked in the table too (`alarms.notice_pending`): a
 * restart picks it up and tells it once the new wait ends, and telling claims the mark, so each
 * alarm is told once whichever instance or start tells it.
 */
export interface DelayedAlarmNotices {
  /**
   * Notes alarms of the device recorded late (none: a replayed batch without alarms, which keeps
   * the device's replay going); their notices wait until the replay is quiet.
   */
  note(equipmentId: number, alarmIds: readonly number[]): void;
  /** tells what waits, for every device, now (after what an earlier run left waiting is taken up) */
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

  /** Tells the alarms among `ids` not told yet, in one transaction with their claim. */
  async function tell(ids: readonly number[]): Promise<void> {
    const told = await db.tx(async (tx) => {
      const alarms = await lateAlarms(tx, await claimPendingNotices(tx, ids));
      const results: AlarmNotificationResult[] = [];
      for (const a of alarms.filter((x) => x.state === 'active'))
        results.push(await recordAlarmNotifications(tx, providers, noticeOf(a)));
      const over = alarms.filter((x) => x.state === 'cleared');
      const first = over[0];
      if (first?.notifyDelayed)
        results.push(
          await recordDelayedAlarmSummary(tx, providers, {
            orgId: first.orgId,
            equipmentId: first.equipmentId,
            equipmentName: first.equipmentName,
            alarmIds: over.map((a) => a.id),
            methods: [...new Set(over.flatMap((a) => a.methods as AlarmMethod[]))],
            firstAt: first.triggeredAt,
            lastAt: over.at(-1)!.triggeredAt,
          }),
        );
      return results;
    });
    for (const notified of told) await afterNotified(notified);
  }

  const wait = new QuietWait<number>(
    parts.quietMs ?? REPLAY_QUIET_MS,
    (equipmentId, ids) => exclusive(equipmentId, () => tell(ids)),
    (equipmentId, err) => log.warn({ err, equipmentId }, 'delayed alarm notices not recorded'),
  );
  // what an earlier run left waiting waits again, from this start
  const resumed = pendingNoticesByDevice(db)
    .then((devices) => {
      for (const { equipmentId, ids } of devices) wait.add(equipmentId, ids);
    })
    .catch((err: unknown) => log.warn({ err }, 'waiting delayed alarm notices not taken up'));
  return {
    note: (equipmentId, alarmIds) => wait.add(equipmentId, alarmIds),
    flush: async () => {
      await resumed;
      await wait.flush();
    },
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
