import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test files share a worker's loaded modules: each file's own database, platform and
    // browser keep them apart, and loading the server for every file cost over a second each
    isolate: false,
    environment: 'node',
    globalSetup: ['../server/test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // browser tests poll the screen; with every suite running in parallel a second is too short
    expect: { poll: { timeout: 10_000 } },
  },
});
