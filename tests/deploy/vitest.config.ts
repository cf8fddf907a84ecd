// The deployment suite (`pnpm test:deploy`): one file, the whole product in containers. It builds
// what is missing (the stand-in base images, then the service images), so its first hook is long.
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      fileParallelism: false,
      testTimeout: 600_000,
      hookTimeout: 2_400_000,
    },
  }),
);
