import type { LiveValue } from '@fieldhub/shared';
import type { ValueCache } from './valueCache';
import type { LiveBus } from './liveBus';
import type { AlarmEngine } from './alarms/alarmEngine';

/** Told of the values a batch changed, after they went out (intermediate variables). */
export type IngestListener = (equipmentId: number, accepted: LiveValue[]) => Promise<void>;

export interface IngestParts {
  cache: ValueCache;
  bus: LiveBus;
  alarms: AlarmEngine;
  listeners?: ReadonlySet<IngestListener>;
}

/**
 * One stored telemetry batch of a device, on its way to the screens: value cache → alarm engine →
 * live bus (values first, then the alarm changes they caused).
 *
 * A replay of buffered history (`hist`) only fills the cache where it holds nothing newer (the
 * cache's time ordering) and is never judged by the alarm engine: it describes a past that live
 * samples have already overtaken, so an alarm raised from it would be stale the moment it appears,
 * and a release from it would hide a condition that may still hold. Alarms follow live samples
 * only; the first live sample after a reconnection judges the present.
 */
export async function ingestBatch(
  parts: IngestParts,
  equipmentId: number,
  values: LiveValue[],
  hist: boolean,
): Promise<void> {
  const accepted = parts.cache.apply(values);
  const changes = hist ? [] : await parts.alarms.evaluate(equipmentId, values);
  if (accepted.length) await parts.bus.publish({ type: 'signalVal', equipmentId, values: accepted });
  for (const change of changes) await parts.bus.publish(change);
  if (accepted.length) for (const listener of parts.listeners ?? []) await listener(equipmentId, accepted);
}
