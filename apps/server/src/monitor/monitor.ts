import type { LiveValue } from '@fieldhub/shared';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { Logger } from 'pino';
import { ValueCache } from './valueCache';
import { inProcessBus, type LiveBus } from './liveBus';
import { ingestBatch, type IngestListener } from './ingest';
import { createAlarmEngine, type AlarmEngine } from './alarms/alarmEngine';
import { anyProviderSends, defaultProviders, type NotificationProviders } from './notify/providers';
import { startOutboxDispatcher } from './notify/outboxDispatcher';
import { parseSmtpUrl, smtpProvider } from './notify/smtpProvider';

/**
 * Live monitoring on one server instance: the value cache, the bus to the websockets, and the
 * ingest path the gateway link calls for every stored telemetry batch (awaited before the broker
 * acknowledgement, so a slow ingest slows the gateway rather than filling a queue).
 */
export interface Monitor {
  cache: ValueCache;
  bus: LiveBus;
  /** alarm rules judged on live values; gateway-offline alarms (fed by the link's gatewayStatus) */
  alarms: AlarmEngine;
  /**
   * `configVersion`: the device's configuration version the values were judged under, when the
   * caller read it (the link does, with the gateway): the alarm engine then need not read it again.
   */
  ingest(equipmentId: number, values: LiveValue[], hist: boolean, configVersion?: number): Promise<void>;
  /** calls `listener` after each ingested batch with the values it changed; returns the unregister function */
  onIngested(listener: IngestListener): () => void;
  close(): Promise<void>;
}

export async function createMonitor(
  config: Config,
  db: Db,
  clock: Clock,
  /** the root logger */
  root: Logger,
  bus?: LiveBus,
  options: { providers?: Partial<NotificationProviders> } = {},
): Promise<Monitor> {
  const cache = new ValueCache();
  const liveBus = bus ?? inProcessBus();
  const log = root.child({ module: 'alarms' });
  const providers = defaultProviders({
    email: config.SMTP_URL ? smtpProvider(parseSmtpUrl(config.SMTP_URL, config.SMTP_FROM)) : null,
    ...options.providers,
  });
  const dispatcher = anyProviderSends(providers) ? startOutboxDispatcher(db, providers, log) : null;
  const alarms = createAlarmEngine({ db, clock, bus: liveBus, providers, dispatcher, log });
  const listeners = new Set<IngestListener>();
  // every instance keeps its cache from the bus, so each answers queries with the latest values
  const unsubscribe = liveBus.subscribe((msg) => {
    if (msg.type === 'signalVal') cache.apply(msg.values);
  });
  return {
    cache,
    bus: liveBus,
    alarms,
    ingest(equipmentId, values, hist, configVersion) {
      return ingestBatch(
        { cache, bus: liveBus, alarms, listeners },
        equipmentId,
        values,
        hist,
        configVersion,
      );
    },
    onIngested(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      unsubscribe();
      await alarms.close();
      await dispatcher?.close();
      await liveBus.close();
    },
  };
}
