// The fault suite (`pnpm test:faults`): each file starts its own Redis (and Postgres) and stack,
// files one after another (the machine has few cores and every file runs a whole product).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@oneeta/source'] },
  ssr: { resolve: { conditions: ['@oneeta/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
