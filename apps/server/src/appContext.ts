import type { Config } from './config';
import type { Db } from './db/db';
import type { Clock } from './clock';
import type { LoginKeys } from './modules/auth/loginKeys';

/** What every module of the server is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  loginKeys: LoginKeys;
}
