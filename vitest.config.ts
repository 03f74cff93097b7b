import { defineConfig } from 'vitest/config';

// One run over every package and app; each project keeps its own settings.
export default defineConfig({
  test: {
    // PGlite per test file is memory-heavy; two workers match the CI machine's two cores
    maxWorkers: 2,
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
