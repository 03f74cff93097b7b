import { defineConfig } from 'vitest/config';

// One run over every package and app; each project keeps its own settings.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
