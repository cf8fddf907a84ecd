// Unit tests of the web app's logic, and of components rendered to HTML (react-dom/server, no DOM);
// workspace packages resolve to their TypeScript source.
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({ test: { include: ['src/**/*.test.{ts,tsx}', '*.test.ts'], environment: 'node' } }),
);
