import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { AppContext } from './appContext';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { openPglite, openPostgres, type Db } from './db/db';
import { migrate } from './db/migrate';
import { createRootLogger } from './http/logging';
import { loadLoginKeys } from './modules/auth/loginKeys';
import { startGatewayLink } from './link/gatewayLink';
import { createMonitor } from './monitor/monitor';
import { redisBus } from './monitor/redisBus';
import { routeBusToHub } from './realtime/busRouting';
import { RealtimeHub } from './realtime/realtimeHub';
import { startExpiryScheduler } from './messages/expiryReminders';
import { startReportScheduler } from './modules/excel/reportScheduler';
import { startInspectionScheduler } from './modules/inspections/inspectionScheduler';
import { MVAR_DEFINITIONS_TTL_MS, MvarDefinitionCache } from './modules/mvars/mvarDefinitionCache';
import { MvarEngine } from './modules/mvars/mvarEngine';
import { mvarsReading, signalsNamedByMvars } from './modules/mvars/mvars.repo';
import { startSummaryScheduler } from './modules/summary/summaryScheduler';
import { startRetentionScheduler } from './link/historyRetention';
import { startRollupJob } from './monitor/history/rollups';
import path from 'node:path';

export interface Platform {
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<Db> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite(path.resolve(config.DATA_DIR, 'pglite'));
}

/**
 * The composition root: opens the database, applies migrations, starts the gateway link (unless
 * `link: false`), the realtime hub and the background engines, and builds the HTTP app (whose
 * close stops them); does not listen.
 */
export async function createPlatform(
  config: Config,
  options: BuildOptions & { db?: Db; clock?: Clock; link?: boolean } = {},
): Promise<Platform> {
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  const clock = options.clock ?? systemClock;
  const log = createRootLogger(config.LOG_LEVEL, options.logStream);
  // with REDIS_URL a value ingested here reaches the websockets of every instance
  const bus = config.REDIS_URL
    ? await redisBus(config.REDIS_URL, { prefix: config.REDIS_PREFIX, log })
    : undefined;
  const monitor = await createMonitor(config, db, clock, log, bus);
  const link =
    options.link === false
      ? null
      : await startGatewayLink(config, db, clock, log, { onValues: (...args) => monitor.ingest(...args) });
  // a gateway going offline raises its device's gateway alarm; coming back releases it
  link?.events.on('gatewayStatus', (change) => void monitor.alarms.gatewayStatus(change));
  // one hub for every websocket of this instance, fed by the bus
  const realtime = new RealtimeHub(options.live);
  const stopRouting = routeBusToHub(monitor.bus, realtime);
  // the background engines: intermediate variables recomputed as values come in, expiry reminders,
  // data summaries
  const mvarDefinitions = new MvarDefinitionCache(
    (signalIds) => mvarsReading(db, signalIds),
    Date.now,
    MVAR_DEFINITIONS_TTL_MS,
    () => signalsNamedByMvars(db),
  );
  const mvarEngine = new MvarEngine(
    db,
    monitor.cache,
    mvarDefinitions,
    monitor.bus,
    log.child({ module: 'mvars' }),
  );
  const stopMvars = monitor.onIngested((_equipmentId, values) => mvarEngine.valuesIngested(values));
  const scheduler = startExpiryScheduler(
    { db, clock, bus: monitor.bus },
    config.SCHEDULER_INTERVAL_MS,
    log.child({ module: 'messages' }),
  );
  // data summary variables computed per closed period (docs/requirements/data-views.md §2.1)
  const summaries = startSummaryScheduler(
    {
      db,
      clock,
      tz: config.SUMMARY_TIME_ZONE,
      // the newest result is the variable's live value and meets its alarm rules
      publish: (equipmentId, values) => monitor.ingest(equipmentId, values, false),
    },
    config.SCHEDULER_INTERVAL_MS,
    log.child({ module: 'summary' }),
  );
  const reportScheduler = startReportScheduler(
    db,
    clock,
    config.SCHEDULER_INTERVAL_MS,
    log.child({ module: 'excel' }),
  );
  // inspection tasks made ahead of their windows, opened and aborted (docs/requirements/operations.md §4.2)
  const inspections = startInspectionScheduler(
    { db, clock, bus: monitor.bus },
    config.SCHEDULER_INTERVAL_MS,
    log.child({ module: 'inspections' }),
  );
  // month partitions made ahead, history past its retention dropped (docs/requirements/gateway-link.md §10.3)
  const retention = startRetentionScheduler(
    db,
    clock,
    config.SCHEDULER_INTERVAL_MS,
    log.child({ module: 'retention' }),
  );
  // curve rollups brought up to date (docs/requirements/gateway-link.md §10.4)
  const rollups = config.ROLLUP_INTERVAL_MS
    ? startRollupJob(db, clock, config.ROLLUP_INTERVAL_MS, log.child({ module: 'rollups' }))
    : null;
  const ctx: AppContext = {
    config,
    db,
    clock,
    log,
    loginKeys: await loadLoginKeys(db),
    link,
    monitor,
    realtime,
    mvarDefinitions,
  };
  const app = await buildApp(ctx, options);
  app.addHook('onClose', async () => {
    stopRouting();
    realtime.close();
    stopMvars();
    mvarEngine.close();
    await scheduler.stop();
    await reportScheduler.stop();
    await inspections.stop();
    await summaries.stop();
    await retention.stop();
    await rollups?.stop();
  });
  return {
    ctx,
    app,
    async close() {
      await app.close();
      await link?.close();
      await monitor.close();
      await db.close();
    },
  };
}
