import type { LiveValue } from '@fieldhub/shared';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import { ValueCache } from './valueCache';
import { inProcessBus, type LiveBus } from './liveBus';

/**
 * Live monitoring on one server instance: the value cache, the bus to the websockets, and the
 * ingest path the gateway link calls for every stored telemetry batch (awaited before the broker
 * acknowledgement, so a slow ingest slows the gateway rather than filling a queue).
 */
export interface Monitor {
  cache: ValueCache;
  bus: LiveBus;
  ingest(equipmentId: number, values: LiveValue[], hist: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function createMonitor(
  _config: Config,
  _db: Db,
  _clock: Clock,
  bus?: LiveBus,
): Promise<Monitor> {
  const cache = new ValueCache();
  const liveBus = bus ?? inProcessBus();
  // every instance keeps its cache from the bus, so each answers queries with the latest values
  const unsubscribe = liveBus.subscribe((msg) => {
    if (msg.type === 'signalVal') cache.apply(msg.values);
  });
  return {
    cache,
    bus: liveBus,
    async ingest(equipmentId, values, _hist) {
      const accepted = cache.apply(values);
      if (accepted.length) await liveBus.publish({ type: 'signalVal', equipmentId, values: accepted });
    },
    async close() {
      unsubscribe();
      await liveBus.close();
    },
  };
}
