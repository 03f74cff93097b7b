import type { ALARM_METHODS, LocalizedText } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { NotificationProvider, NotificationProviders, NotifyChannel } from './providers';
import { alarmRecipients, type AlarmRecipient } from './recipients';

export type AlarmMethod = (typeof ALARM_METHODS)[number];

/** What the accounts of a device are told when one of its alarms is raised. */
export interface AlarmNotice {
  alarmId: number;
  orgId: number;
  equipmentId: number;
  equipmentName: string;
  kind: 'signal' | 'gateway';
  level: string;
  ruleType: '00' | '01';
  /** the alarm text in both languages (a rule's content is the same text in both) */
  text: LocalizedText;
  /**
   * delivery methods of the rule (docs/requirements/device-configuration.md §4.1); gateway alarms use
   * ['message']
   */
  methods: readonly AlarmMethod[];
  /**
   * how often the browser repeats the alarm sound (alarmBroadcastTimes, docs/requirements/monitoring.md §7.4)
   */
  voiceLoops: number;
  value: number | string | null;
  triggeredAt: number;
}

// A method reaches people over these channels; `message` is also the in-app message every
// recipient gets whatever the methods (the message centre lists all alarms of one's devices).
const channelsOf: Record<AlarmMethod, NotifyChannel[]> = {
  message: ['push', 'email'],
  sms: ['sms'],
  phone: ['phone'],
  voice: ['voice'],
};

function addressFor(channel: NotifyChannel, r: AlarmRecipient): string {
  switch (channel) {
    case 'push':
      return String(r.accountId);
    case 'email':
      return r.email;
    case 'sms':
    case 'phone':
    case 'voice':
      return r.tel;
    default: {
      const unknown: never = channel;
      throw new Error(`unknown channel ${String(unknown)}`);
    }
  }
}

interface OutboxRow {
  accountId: number;
  channel: NotifyChannel;
  recipient: string;
  provider: string;
  status: 'recorded' | 'pending' | 'skipped';
  error: string;
}

export interface AlarmNotificationResult {
  recipients: number;
  /** outbox rows waiting for a provider that really sends */
  pending: number;
  /** the in-app messages stored, one per account (announced on the bus after the commit) */
  messages: { accountId: number; messageId: number }[];
}

/**
 * Stores the in-app message of an alarm for every authorised account and one outbox row per
 * recipient and channel of the rule's methods. Runs in the transaction that raised the alarm, so
 * an alarm and its notifications exist together or not at all. Returns how many outbox rows wait
 * for a provider that really sends (the dispatcher then delivers them after the commit).
 */
export async function recordAlarmNotifications(
  db: Db,
  providers: NotificationProviders,
  notice: AlarmNotice,
): Promise<AlarmNotificationResult> {
  const data = {
    type: 'alarm',
    equipType: 'eg',
    dataId: notice.equipmentId,
    equipmentId: notice.equipmentId,
    alarmId: notice.alarmId,
    alarmKind: notice.kind,
    alarmBroadcastTimes: notice.voiceLoops,
    level: notice.level,
    ruleType: notice.ruleType,
    value: notice.value,
    triggeredAt: notice.triggeredAt,
    text: notice.text,
  };
  return recordNotifications(db, providers, {
    orgId: notice.orgId,
    equipmentId: notice.equipmentId,
    alarmId: notice.alarmId,
    title: notice.equipmentName,
    text: notice.text,
    data,
    methods: notice.methods,
    voiceLoops: notice.voiceLoops,
  });
}

/** Alarms of one device learnt late and already over, told together (monitoring.md §7.6). */
export interface DelayedAlarmSummary {
  orgId: number;
  equipmentId: number;
  equipmentName: string;
  alarmIds: readonly number[];
  /** the delivery methods of their rules, together */
  methods: readonly AlarmMethod[];
  /** raise times of the first and the last of them (ms) */
  firstAt: number;
  lastAt: number;
}

const summaryText = (n: number): LocalizedText => ({
  'zh-CN': `延迟到达的数据中有 ${n} 条报警，均已解除`,
  'en-US':
    n === 1
      ? '1 alarm in data that arrived late, already released'
      : `${n} alarms in data that arrived late, all released`,
});

/**
 * One message per account (and one outbox row per recipient and channel) for a device's alarms
 * recorded from late or replayed data that are already over: a summary instead of a storm of
 * past alarms. It rings no alarm sound (nothing is left to handle) and links to no single alarm.
 */
export async function recordDelayedAlarmSummary(
  db: Db,
  providers: NotificationProviders,
  summary: DelayedAlarmSummary,
): Promise<AlarmNotificationResult> {
  const text = summaryText(summary.alarmIds.length);
  const data = {
    type: 'alarmSummary',
    equipType: 'eg',
    dataId: summary.equipmentId,
    equipmentId: summary.equipmentId,
    alarmIds: summary.alarmIds,
    count: summary.alarmIds.length,
    firstAt: summary.firstAt,
    lastAt: summary.lastAt,
    alarmBroadcastTimes: 0,
    text,
  };
  return recordNotifications(db, providers, {
    orgId: summary.orgId,
    equipmentId: summary.equipmentId,
    alarmId: null,
    title: summary.equipmentName,
    text,
    data,
    methods: summary.methods,
    voiceLoops: 0,
  });
}

interface Notification {
  orgId: number;
  equipmentId: number;
  alarmId: number | null;
  title: string;
  text: LocalizedText;
  data: Record<string, unknown>;
  methods: readonly AlarmMethod[];
  voiceLoops: number;
}

/** The in-app messages and outbox rows of one notification, for the device's recipients. */
async function recordNotifications(
  db: Db,
  providers: NotificationProviders,
  n: Notification,
): Promise<AlarmNotificationResult> {
  const recipients = await alarmRecipients(db, n.equipmentId);
  if (!recipients.length) return { recipients: 0, pending: 0, messages: [] };
  const { title, data } = n;
  const body = n.text['zh-CN'];
  const messages = await db.query<{ accountId: number; messageId: number }>(
    `insert into messages (org_id, account_id, kind, title, body, data, equip_type, data_id, alarm_id, alarm_broadcast_times)
     select $1, a, 'alarm', $3, $4, $5::jsonb, 'eg', $6, $7, $8 from unnest($2::bigint[]) as u(a)
     returning account_id as "accountId", id as "messageId"`,
    [
      n.orgId,
      recipients.map((r) => r.accountId),
      title,
      body,
      data,
      n.equipmentId,
      n.alarmId,
      Math.max(0, Math.min(100, n.voiceLoops)),
    ],
  );

  const rows: OutboxRow[] = [];
  const channels = new Set(n.methods.flatMap((m) => channelsOf[m]));
  for (const channel of channels) {
    const provider: NotificationProvider | null = providers[channel];
    if (!provider) continue; // e-mail without a mail provider: not sent, not recorded
    for (const r of recipients) {
      const recipient = addressFor(channel, r);
      const status = !recipient ? 'skipped' : provider.recordsOnly ? 'recorded' : 'pending';
      const error = recipient ? '' : channel === 'email' ? 'no e-mail address' : 'no phone number';
      rows.push({ accountId: r.accountId, channel, recipient, provider: provider.name, status, error });
    }
  }
  if (rows.length) {
    await db.query(
      `insert into notification_outbox (org_id, alarm_id, title, body, data, account_id, channel, recipient, provider, status, error)
       select $1, $2, $3, $4, $5::jsonb, a, c, r, p, s, e
         from unnest($6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[]) as u(a, c, r, p, s, e)`,
      [
        n.orgId,
        n.alarmId,
        title,
        body,
        data,
        rows.map((r) => r.accountId),
        rows.map((r) => r.channel),
        rows.map((r) => r.recipient),
        rows.map((r) => r.provider),
        rows.map((r) => r.status),
        rows.map((r) => r.error),
      ],
    );
  }
  return {
    recipients: recipients.length,
    pending: rows.filter((r) => r.status === 'pending').length,
    messages,
  };
}
