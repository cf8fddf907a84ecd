// Browser tests: one stack per run (globalSetup), files one after another, a fresh browser
// context per test. Slow by nature, hence the long timeouts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@oneeta/source'] },
  ssr: { resolve: { conditions: ['@oneeta/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    setupFiles: ['src/setup-file.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
