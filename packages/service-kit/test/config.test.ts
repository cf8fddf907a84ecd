import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, baseEnvSchema, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('applies the embedded defaults when only PORT is set', () => {
    const config = loadConfig(baseEnvSchema, { PORT: '4001' });
    expect(config).toMatchObject({
      PORT: 4001,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'oneeta',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable with what it got, one line each', () => {
    const schema = baseEnvSchema.extend({ ADMIN_EMAIL: z.email() });
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    expect(message).toMatch(/- PORT: .*\(got "eighty"\)/);
    expect(message).toMatch(/- DATABASE_URL: .*\(got "mysql:\/\/x"\)/);
    expect(message).toMatch(/- ADMIN_EMAIL: .*\(got "nope"\)/);
    expect(message).not.toContain('"code"');
  });

  it('says when a required variable is not set', () => {
    expect(() => loadConfig(baseEnvSchema, {})).toThrow(/- PORT: .*\(it is not set\)/);
  });

  it('treats an empty variable as unset so defaults still apply', () => {
    expect(loadConfig(baseEnvSchema, { PORT: '1', REDIS_PREFIX: '' }).REDIS_PREFIX).toBe('oneeta');
  });
});
