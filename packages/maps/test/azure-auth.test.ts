import { describe, expect, it } from 'vitest';
import { ProviderError } from '../src/port.js';
import { car, useFakeAzure } from './azure-harness.js';
import { places } from './factories.js';

const h = useFakeAzure();

describe('azure adapter: Entra ID auth', () => {
  const entra = () => ({
    tenantId: h.fake.tenantId,
    appId: h.fake.appId,
    appSecret: h.fake.appSecret,
  });

  it('gets one client-credentials token, reuses it, and sends it with x-ms-client-id', async () => {
    const provider = h.azure({ key: undefined, entra: entra() });
    await provider.timezone(places.seattle);
    await provider.matrix([places.bellevue, places.tacoma], places.seattle, car);
    const auth = await provider.browserAuth();
    const tokenRequests = h.fake.requests.filter(
      (r) => r.path === `/${h.fake.tenantId}/oauth2/v2.0/token`,
    );
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: h.fake.appId,
      client_secret: h.fake.appSecret,
      scope: 'https://atlas.microsoft.com/.default',
    });
    for (const request of h.mapsRequests()) {
      expect(request.headers.authorization).toBe(`Bearer ${auth.accessToken}`);
      expect(request.headers['x-ms-client-id']).toBe(h.fake.clientId);
      expect(request.headers).not.toHaveProperty('subscription-key');
    }
    expect(auth).toMatchObject({ provider: 'azure', authType: 'aad', clientId: h.fake.clientId });
    if (auth.provider !== 'azure') throw new Error('unreachable');
    expect(Date.parse(auth.expiresAt ?? '') - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('renews the token shortly before it expires', async () => {
    let now = Date.now();
    const provider = h.azure({ key: undefined, entra: entra(), now: () => now });
    const first = await provider.browserAuth();
    now += 3599_000 - 6 * 60_000;
    expect((await provider.browserAuth()).accessToken).toBe(first.accessToken);
    now += 2 * 60_000;
    expect((await provider.browserAuth()).accessToken).not.toBe(first.accessToken);
    expect(h.fake.requests.filter((r) => r.path.endsWith('/token'))).toHaveLength(2);
  });

  it('hands the browser the subscription key when no Entra credentials are configured', async () => {
    expect(await h.azure().browserAuth()).toEqual({
      provider: 'azure',
      authType: 'subscriptionKey',
      clientId: h.fake.clientId,
      accessToken: h.fake.key,
      expiresAt: null,
    });
  });

  it('throws a ProviderError naming the settings, without the secret, when Entra refuses', async () => {
    const provider = h.azure({
      key: undefined,
      entra: { ...entra(), appSecret: 'not-the-secret' },
    });
    const error = await provider.timezone(places.seattle).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect((error as Error).message).toMatch(
      /token request failed: HTTP 401 \(invalid_client.*AZURE_MAPS_APP_SECRET/,
    );
    expect((error as Error).message).not.toContain('not-the-secret');
    expect(h.mapsRequests()).toHaveLength(0);
  });
});
