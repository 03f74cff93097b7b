import { z } from 'zod';
import type { MvarValMessage } from '../projectMonitor/projectSocket';

/**
 * Messages of the live-monitoring websocket `/lfscada/ws/eg/signal/subscribe/{token}`
 * (docs/requirements/monitoring.md §5.1, §5.2), server → browser, JSON. One frame may carry many values:
 * updates to a socket are coalesced (DESIGN.md §5). Times are milliseconds since the epoch.
 */
export const liveValueSchema = z.object({
  signalId: z.number().int(),
  ts: z.number().int(),
  value: z.union([z.number(), z.string(), z.null()]),
  /** 0 = good; otherwise the catalogue code of the failed read */
  quality: z.number().int(),
});
export type LiveValue = z.infer<typeof liveValueSchema>;

export const ALARM_STATES = ['active', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const signalAlarmSchema = z.object({
  alarmId: z.number().int(),
  ruleId: z.number().int(),
  signalId: z.number().int(),
  level: z.number().int(),
  state: z.enum(ALARM_STATES),
  value: z.union([z.number(), z.string(), z.null()]),
  message: z.string(),
  triggeredAt: z.number().int(),
  releasedAt: z.number().int().nullable(),
});
export type SignalAlarm = z.infer<typeof signalAlarmSchema>;

export const gatewayAlarmSchema = z.object({
  alarmId: z.number().int(),
  sn: z.string(),
  status: z.enum(['online', 'offline', 'sleeping']),
  state: z.enum(ALARM_STATES),
  triggeredAt: z.number().int(),
  releasedAt: z.number().int().nullable(),
});
export type GatewayAlarm = z.infer<typeof gatewayAlarmSchema>;

export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('signalVal'), equipmentId: z.number().int(), values: z.array(liveValueSchema) }),
  z.object({ type: z.literal('signalAlarm'), equipmentId: z.number().int(), alarm: signalAlarmSchema }),
  z.object({ type: z.literal('gatewayAlarm'), equipmentId: z.number().int(), alarm: gatewayAlarmSchema }),
  /** the idle text sent every 60 s so proxies keep the socket open */
  z.object({ type: z.literal('idle'), ts: z.number().int() }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
/**
 * What the bus between server instances carries: every live message but the idle text, and the
 * values of a project's intermediate variables (which belong to no device).
 */
export type BusMessage = Exclude<LiveMessage, { type: 'idle' }> | MvarValMessage;
/** A bus message of one device. */
export type DeviceBusMessage = Exclude<BusMessage, MvarValMessage>;
