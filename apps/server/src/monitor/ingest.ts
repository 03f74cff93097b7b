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
 * The cache takes a sample only when it holds nothing newer (value time ordering), so a replay of
 * buffered history (`hist`) or a late sample never hides a newer live value. The alarm engine takes
 * every sample, replayed ones too, each in its place in time order (docs/requirements/monitoring.md
 * §7.5, §7.6): an alarm of the past is recorded with its true times, marked delayed and told as a
 * summary, while what still holds is judged with the samples that came after it.
 */
export async function ingestBatch(
  parts: IngestParts,
  equipmentId: number,
  values: LiveValue[],
  hist: boolean,
  configVersion?: number,
): Promise<void> {
  const accepted = parts.cache.apply(values);
  const changes = await parts.alarms.evaluate(equipmentId, values, {
    hist,
    ...(configVersion === undefined ? {} : { configVersion }),
  });
  if (accepted.length) await parts.bus.publish({ type: 'signalVal', equipmentId, values: accepted });
  for (const change of changes) await parts.bus.publish(change);
  if (accepted.length) for (const listener of parts.listeners ?? []) await listener(equipmentId, accepted);
}
