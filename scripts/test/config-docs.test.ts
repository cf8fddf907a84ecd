// docs/configuration.md is generated from the config schemas; it must be what the generator writes now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configDocPath, renderConfigDocs } from '../config-docs/render.js';

describe('docs/configuration.md', () => {
  it('is what `pnpm gen:config-docs` writes from the schemas today', async () => {
    const written = readFileSync(configDocPath, 'utf8');
    expect(written, 'docs/configuration.md is stale: run `pnpm gen:config-docs`').toBe(
      await renderConfigDocs(),
    );
  });

  it('names a default for each deployable when they differ', async () => {
    expect(await renderConfigDocs()).toMatch(/\| `PORT` \| gateway `8080`, .*auth `4001`/);
  });
});
