import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Clock } from './clock';
import type { LoginKeys } from './modules/auth/loginKeys';
import type { GatewayLink } from './link/gatewayLink';
import type { Monitor } from './monitor/monitor';
import type { RealtimeHub } from './realtime/realtimeHub';
import type { MvarDefinitionCache } from './modules/mvars/mvarDefinitionCache';

/** What every module of the server is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** the root logger, which redacts secrets; a module logs through `log.child({ module: '<name>' })` */
  log: Logger;
  loginKeys: LoginKeys;
  /** the MQTT side; null when the server runs without it (API tests) */
  link: GatewayLink | null;
  /** value cache, live bus and the ingest path */
  monitor: Monitor;
  /** every websocket of this instance (device values, project pages, messages) */
  realtime: RealtimeHub;
  /** the intermediate variables' definitions, as the mvar engine reads them (dropped on every edit) */
  mvarDefinitions: MvarDefinitionCache;
}
