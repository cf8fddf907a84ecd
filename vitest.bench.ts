// `pnpm bench`: every *.bench.ts in the workspace, against the same real Redis/Postgres as tests.
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from './vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: [],
      benchmark: { include: ['{apps,services,packages}/*/bench/**/*.bench.ts'] },
    },
  }),
);
