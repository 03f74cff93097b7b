import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'hmi', include: ['src/**/*.test.ts'] },
});
