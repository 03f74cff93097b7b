import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../server/test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
