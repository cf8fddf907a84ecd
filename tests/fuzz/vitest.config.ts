// The fuzz suite (`pnpm test:fuzz`): the generator's own checks, then one run over every operation
// of /api/openapi.json on a stack it starts (or FUZZ_BASE_URL). Files one after another.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@oneeta/source'] },
  ssr: { resolve: { conditions: ['@oneeta/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
