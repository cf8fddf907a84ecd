// The deployment suite (`pnpm test:deploy`): one file, the whole product in containers. It builds
// what is missing (the stand-in base images, then the service images), so its first hook is long.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@oneeta/source'] },
  ssr: { resolve: { conditions: ['@oneeta/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 2_400_000,
  },
});
