// Shared vitest settings: workspace packages resolve to their TypeScript source.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@oneeta/source'] },
  ssr: { resolve: { conditions: ['@oneeta/source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
