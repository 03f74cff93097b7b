import { EXPIRE_THRESHOLDS_DAYS, type ExpireEquipType, type LocalizedText } from '@fieldhub/shared';
import type { Logger } from 'pino';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { LiveBus } from '../monitor/liveBus';
import { claimReminder, dueItems, reminderRecipients, type DueItem } from './expiryItems';
import { insertMessages } from './messages.repo';
import { startLeasedJob, type LeasedJob } from './schedulerLease';

/** Items expired longer ago than this get no "expired" reminder (cards are cancelled after 15 days). */
const EXPIRED_WINDOW_DAYS = 30;
/** Items handled per run; the rest follow at the next run. */
const BATCH = 500;
const LEASE = 'expire-reminders';

export interface ReminderDeps {
  db: Db;
  clock: Clock;
  bus: LiveBus;
}

const WHAT: Record<ExpireEquipType, (name: string) => LocalizedText> = {
  project: (name) => ({ 'zh-CN': `项目“${name}”`, 'en-US': `Project "${name}"` }),
  api: (name) => ({ 'zh-CN': `接口“${name}”`, 'en-US': `API key "${name}"` }),
  card: (name) => ({ 'zh-CN': `物联网卡 ${name}`, 'en-US': `IoT card ${name}` }),
};

const TITLE: LocalizedText = { 'zh-CN': '到期提醒', 'en-US': 'Expiry reminder' };

/** The reminder's sentence in both languages. */
export function reminderText(item: DueItem): LocalizedText {
  const what = WHAT[item.equipType](item.name);
  if (item.expired) return { 'zh-CN': `${what['zh-CN']}已到期`, 'en-US': `${what['en-US']} has expired` };
  const days = Math.max(1, item.daysLeft);
  return {
    'zh-CN': `${what['zh-CN']}将于 ${days} 天后到期`,
    'en-US': `${what['en-US']} expires in ${days} day${days === 1 ? '' : 's'}`,
  };
}

/**
 * One run of the expiry reminders: every item that reached a threshold (30, 7, 1 days before,
 * expired) gets one reminder message per recipient. Each item is claimed in its own transaction
 * with its messages, so a reminder exists exactly once per item, expiry date and threshold even
 * when two instances run at the same moment (the loser's insert does nothing and it moves on).
 * Returns the messages made.
 */
export async function runExpiryReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.clock.now();
  const items = await dueItems(deps.db, now, EXPIRE_THRESHOLDS_DAYS, EXPIRED_WINDOW_DAYS, BATCH);
  let made = 0;
  for (const item of items) {
    const created = await deps.db.tx(async (tx) => {
      if (!(await claimReminder(tx, item))) return [];
      const text = reminderText(item);
      const recipients = await reminderRecipients(tx, item);
      return insertMessages(
        tx,
        recipients.map((accountId) => ({
          orgId: item.orgId,
          accountId,
          type: 'expire',
          equipType: item.equipType,
          dataId: item.dataId,
          title: TITLE['zh-CN'],
          note: text['zh-CN'],
          data: {
            thresholdDays: item.thresholdDays,
            expiresAt: item.expiresAt,
            subject: item.name,
            i18n: { title: TITLE, note: text },
          },
        })),
      );
    });
    if (created.length) await deps.bus.publishMsg({ type: 'msgCreated', items: created });
    made += created.length;
  }
  return made;
}

/** The expiry reminders, run by the one instance holding the lease; a run answers how much it made. */
export type ExpiryScheduler = LeasedJob<number>;

/** Runs the expiry reminders every `intervalMs` on the one instance holding the lease (startLeasedJob). */
export function startExpiryScheduler(deps: ReminderDeps, intervalMs: number, log: Logger): ExpiryScheduler {
  return startLeasedJob({
    db: deps.db,
    clock: deps.clock,
    name: LEASE,
    intervalMs,
    log,
    what: 'expiry reminders',
    run: () => runExpiryReminders(deps),
  });
}
