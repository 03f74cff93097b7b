import { defineConfig } from 'vitest/config';
import { LongestFirst } from './vitest.sequencer';

// One run over every package and app; each project keeps its own settings.
export default defineConfig({
  test: {
    // three workers on the CI machine's two cores: the browser journeys and the real gateway
    // processes wait on each other part of the time (a fourth made the CPU the limit again)
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      'packages/shared',
      'packages/hmi',
      'packages/testkit',
      'apps/server',
      'apps/web',
      'apps/gateway',
    ],
  },
});
