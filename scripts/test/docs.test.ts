// README.md, docs/configuration.md and .env.example stay in step with what the code reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envKeysOf } from './helpers/env-keys.js';
import { root } from './helpers/launcher.js';
import { launcherSettings } from '../launcher/settings.js';

const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const configDoc = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');
/** Variables no config schema declares: the launcher's, docker compose's and the tests'. */
const CONVENTIONS = Object.keys(launcherSettings);

/** Every env key declared in a config schema: the service kit's and each deployable's src/config.ts. */
function declaredEnv(): string[] {
  const files = [
    path.join(root, 'packages/service-kit/src/config.ts'),
    path.join(root, 'apps/gateway/src/config.ts'),
  ];
  const services = path.join(root, 'services');
  if (existsSync(services))
    for (const name of readdirSync(services))
      files.push(path.join(services, name, 'src/config.ts'));
  return [...new Set(files.flatMap(envKeysOf))];
}

describe('README.md, docs/configuration.md and .env.example', () => {
  it('give the run and test commands exactly', () => {
    expect(readme).toContain(
      '```sh\nnpm i -g pnpm@10 && pnpm install && pnpm start\npnpm test\n```',
    );
  });

  it('stay short and point to the configuration and the API reference', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    expect(readme).toContain('docs/configuration.md');
    expect(readme).toContain('/api/docs');
  });

  it('document every env variable of the conventions and of every config schema', () => {
    for (const key of [...CONVENTIONS, ...declaredEnv()]) {
      expect(envExample, `.env.example lacks ${key}`).toMatch(new RegExp(`^# ${key}=`, 'm'));
      expect(configDoc, `docs/configuration.md lacks ${key}`).toContain(`| \`${key}\` |`);
    }
  });
});
