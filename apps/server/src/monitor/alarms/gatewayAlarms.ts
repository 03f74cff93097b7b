import type { GatewayAlarm } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { LiveBus } from '../liveBus';
import {
  recordAlarmNotifications,
  type AlarmNotice,
  type AlarmNotificationResult,
} from '../notify/alarmNotifier';
import type { NotificationProviders } from '../notify/providers';
import { gatewayAlarmMessage, insertGatewayAlarm, releaseGatewayAlarms } from './alarmStore';

const GATEWAY_TEXT = (sn: string) => ({
  'zh-CN': `网关 ${sn} 离线`,
  'en-US': `Gateway ${sn} is offline`,
});

export interface GatewayAlarmParts {
  db: Db;
  clock: Clock;
  bus: LiveBus;
  providers: NotificationProviders;
  /** after the commit: wake the dispatcher, announce the messages */
  afterNotified: (notified: AlarmNotificationResult | null) => Promise<void>;
}

/**
 * The gateway alarm of a device (docs/requirements/monitoring.md §7.1): raised, and told, when its
 * gateway goes offline — once, however often that is said — and released when it is back. Times
 * are the server's: a presence change has no sample time.
 */
export async function gatewayChange(
  parts: GatewayAlarmParts,
  equipmentId: number,
  sn: string,
  status: GatewayAlarm['status'],
): Promise<void> {
  const { db, clock, bus, providers, afterNotified } = parts;
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
