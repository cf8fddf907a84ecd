import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mapsEnvSchema, parseMapsEnv, refineMapsEnv } from './config.js';
import { createMapsProvider } from './providers.js';

const entra = {
  AZURE_MAPS_TENANT_ID: 'tenant',
  AZURE_MAPS_APP_ID: 'app',
  AZURE_MAPS_APP_SECRET: 'secret',
};

describe('mapsEnvSchema', () => {
  it('defaults to the embedded offline provider and Azure public-cloud endpoints', () => {
    expect(parseMapsEnv({})).toEqual({
      MAPS_PROVIDER: 'offline',
      AZURE_MAPS_ENDPOINT: 'https://atlas.microsoft.com',
      AZURE_AUTHORITY_URL: 'https://login.microsoftonline.com',
      MAPS_TIMEOUT_MS: 10_000,
      MAPS_MAX_ATTEMPTS: 4,
      OSRM_MAX_TABLE_SIZE: 100,
      MAPS_FALLBACK: 'none',
    });
  });

  it('describes every key (the env docs are generated from the descriptions)', () => {
    for (const [key, schema] of Object.entries(mapsEnvSchema.shape))
      expect(schema.description, key).toMatch(/\w{3,}/);
  });

  it('MAPS_PROVIDER=osm needs OSRM_URL and PHOTON_URL, each named with an example', () => {
    expect(() => parseMapsEnv({ MAPS_PROVIDER: 'osm' })).toThrow(
      /OSRM_URL: MAPS_PROVIDER=osm needs OSRM_URL, the base URL of an OSRM server for travel times \(e\.g\. http:\/\/osrm:5000\)\n {2}- PHOTON_URL: MAPS_PROVIDER=osm needs PHOTON_URL/,
    );
    expect(() =>
      parseMapsEnv({ MAPS_PROVIDER: 'osm', OSRM_URL: 'http://osrm:5000', PHOTON_URL: '' }),
    ).toThrow(/PHOTON_URL: MAPS_PROVIDER=osm needs PHOTON_URL/);
    expect(() =>
      parseMapsEnv({
        MAPS_PROVIDER: 'osm',
        OSRM_URL: 'osrm:5000',
        PHOTON_URL: 'http://photon:2322',
      }),
    ).toThrow(/OSRM_URL/);
  });

  it('reads the osm settings', () => {
    const env = parseMapsEnv({
      MAPS_PROVIDER: 'osm',
      OSRM_URL: 'http://osrm:5000',
      OSRM_BICYCLE_URL: 'http://osrm-bike:5000',
      PHOTON_URL: 'http://photon:2322',
      OSRM_MAX_TABLE_SIZE: '250',
      MAPS_FALLBACK: 'offline',
      PHOTON_LANG: 'de',
    });
    expect(env).toMatchObject({
      OSRM_MAX_TABLE_SIZE: 250,
      MAPS_FALLBACK: 'offline',
      PHOTON_LANG: 'de',
    });
    expect(() => parseMapsEnv({ MAPS_FALLBACK: 'azure' })).toThrow(/MAPS_FALLBACK/);
    expect(() => parseMapsEnv({ OSRM_MAX_TABLE_SIZE: '1' })).toThrow(/OSRM_MAX_TABLE_SIZE/);
    expect(() => parseMapsEnv({ PHOTON_LANG: 'english' })).toThrow(/PHOTON_LANG/);
  });

  it('writes every key as `  KEY: z` at the start of its own line, as the env-list tooling expects', () => {
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const keys = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*): z\b/gm)].map((m) => m[1]);
    expect(keys).toEqual(Object.keys(mapsEnvSchema.shape));
  });

  it('fails fast when MAPS_PROVIDER=azure has neither a key nor Entra ID credentials', () => {
    expect(() => parseMapsEnv({ MAPS_PROVIDER: 'azure', AZURE_MAPS_KEY: '' })).toThrow(
      /AZURE_MAPS_KEY: MAPS_PROVIDER=azure needs AZURE_MAPS_KEY, or AZURE_MAPS_CLIENT_ID with AZURE_MAPS_TENANT_ID/,
    );
  });

  it('names what is missing from incomplete Entra ID credentials', () => {
    expect(() =>
      parseMapsEnv({ MAPS_PROVIDER: 'azure', AZURE_MAPS_KEY: 'k', AZURE_MAPS_APP_ID: 'app' }),
    ).toThrow(/also set AZURE_MAPS_TENANT_ID, AZURE_MAPS_APP_SECRET/);
    expect(() => parseMapsEnv({ MAPS_PROVIDER: 'azure', ...entra })).toThrow(
      /AZURE_MAPS_CLIENT_ID: Entra ID auth needs/,
    );
  });

  it('accepts a key alone, or complete Entra ID credentials with the Maps client id', () => {
    expect(parseMapsEnv({ MAPS_PROVIDER: 'azure', AZURE_MAPS_KEY: 'k' }).AZURE_MAPS_KEY).toBe('k');
    expect(
      parseMapsEnv({ MAPS_PROVIDER: 'azure', AZURE_MAPS_CLIENT_ID: 'c', ...entra })
        .AZURE_MAPS_APP_ID,
    ).toBe('app');
    expect(() => parseMapsEnv({ MAPS_TIMEOUT_MS: 'soon' })).toThrow(/MAPS_TIMEOUT_MS/);
  });

  it('composes into a service schema with refineMapsEnv', () => {
    const service = z
      .object({ PORT: z.coerce.number() })
      .extend(mapsEnvSchema.shape)
      .superRefine(refineMapsEnv);
    expect(service.safeParse({ PORT: '1', MAPS_PROVIDER: 'azure' }).success).toBe(false);
    expect(service.parse({ PORT: '1' })).toMatchObject({ PORT: 1, MAPS_PROVIDER: 'offline' });
  });
});

describe('createMapsProvider', () => {
  it('chooses the adapter MAPS_PROVIDER names', () => {
    expect(createMapsProvider(parseMapsEnv({})).name).toBe('offline');
    expect(
      createMapsProvider(parseMapsEnv({ MAPS_PROVIDER: 'azure', AZURE_MAPS_KEY: 'k' })).name,
    ).toBe('azure');
    expect(
      createMapsProvider(
        parseMapsEnv({
          MAPS_PROVIDER: 'osm',
          OSRM_URL: 'http://o:5000',
          PHOTON_URL: 'http://p:2322',
        }),
      ).name,
    ).toBe('osm');
  });

  it('refuses an osm env without engine URLs even when not parsed by the refined schema', () => {
    expect(() => createMapsProvider(mapsEnvSchema.parse({ MAPS_PROVIDER: 'osm' }))).toThrow(
      /Invalid maps configuration:\n {2}- OSRM_URL: .*\n {2}- PHOTON_URL: /,
    );
  });

  it('refuses an azure env without credentials even when not parsed by the refined schema', () => {
    const env = mapsEnvSchema.parse({ MAPS_PROVIDER: 'azure' });
    expect(() => createMapsProvider(env)).toThrow(
      /Invalid maps configuration:\n {2}- AZURE_MAPS_KEY/,
    );
  });
});
