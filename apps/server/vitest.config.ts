import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test files share a worker's loaded modules: each file's own database, platform and
    // browser keep them apart, and loading the server for every file cost over a second each
    isolate: false,
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
