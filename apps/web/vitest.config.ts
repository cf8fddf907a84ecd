// Unit tests of the web app's pure logic; workspace packages resolve to their TypeScript source.
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({ test: { include: ['src/**/*.test.ts', '*.test.ts'], environment: 'node' } }),
);
