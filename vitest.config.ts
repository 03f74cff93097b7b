import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LongestFirst } from './vitest.sequencer.ts';
import { serverFilesWithoutServices } from './vitest.services.ts';

/**
 * With SERVICES_DATABASE_URL (and SERVICES_MQTT_URL, SERVICES_REDIS_URL) set, the server's suites
 * that use the database, the link or Redis (vitest.services.ts) run a second time in the same run
 * against those services, as the project `server-services`:
 * CI's pass against the machine's PostgreSQL, Mosquitto and Redis shares the workers with the
 * embedded pass instead of following it.
 */
function servicesProject(): TestProjectInlineConfiguration[] {
  const env = {
    DATABASE_URL: process.env.SERVICES_DATABASE_URL,
    MQTT_URL: process.env.SERVICES_MQTT_URL,
    REDIS_URL: process.env.SERVICES_REDIS_URL,
  };
  if (!env.DATABASE_URL) return [];
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v)) as Record<string, string>;
  return [
    {
      extends: './apps/server/vitest.config.ts',
      root: './apps/server',
      test: {
        name: 'server-services',
        env: set,
        exclude: serverFilesWithoutServices(path.resolve(import.meta.dirname, 'apps/server')),
      },
    },
  ];
}

const { workspaces } = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

// One run over every package and app; each project keeps its own settings.
export default defineConfig({
  test: {
    // five workers on the CI machine's two cores: most test files spend much of their time
    // waiting (on a gateway process, a broker, a browser frame, a timer), so three left the CPU
    // half idle. Measured on the whole suite (both passes): three workers about 700 s; five
    // 352 s with 648 s of CPU (both cores 92% busy), so more would only add contention
    maxWorkers: 5,
    sequence: { sequencer: LongestFirst },
    // every workspace of the root package.json is a project with its own vitest.config.ts
    projects: [...workspaces, ...servicesProject()],
  },
});
