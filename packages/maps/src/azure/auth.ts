/**
 * Azure Maps credentials. With Entra ID app credentials the adapter gets a token by the OAuth 2.0
 * client-credentials flow (`POST {authority}/{tenant}/oauth2/v2.0/token`, scope
 * `https://atlas.microsoft.com/.default`) and sends `Authorization: Bearer …` plus
 * `x-ms-client-id` (the Maps account's client id). Otherwise it sends the shared key in the
 * `subscription-key` header. The token is cached and shared by concurrent callers until shortly
 * before it expires; token requests go to Entra ID, not Azure Maps, so they are not counted in
 * `providerRequests`.
 */
import type { BrowserMapAuth } from '../port.js';
import { describeErrorBody, type Transport } from './http.js';

export const AZURE_MAPS_SCOPE = 'https://atlas.microsoft.com/.default';
/** A cached token is renewed this long before it expires (or at half its life, if shorter). */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

export interface EntraAppCredentials {
  tenantId: string;
  appId: string;
  appSecret: string;
}

export interface AzureAuthConfig {
  key?: string;
  /** Maps account client id (x-ms-client-id; the browser SDK's clientId). */
  clientId?: string;
  entra?: EntraAppCredentials;
  authorityUrl: string;
  now?: () => number;
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
  refreshAt: number;
}

export class AzureCredentials {
  private cached: CachedToken | null = null;
  private pending: Promise<CachedToken> | null = null;

  constructor(
    private readonly config: AzureAuthConfig,
    private readonly transport: Transport,
  ) {
    if (config.entra && !config.clientId) {
      throw new Error(
        'Azure Maps Entra ID auth needs the Maps account client id (AZURE_MAPS_CLIENT_ID)',
      );
    }
    if (!config.entra && !config.key) {
      throw new Error('Azure Maps needs AZURE_MAPS_KEY or Entra ID app credentials');
    }
  }

  get usesEntra(): boolean {
    return this.config.entra !== undefined;
  }

  /** Values that must never appear in an error message. */
  secrets(): Array<string | undefined> {
    return [this.config.key, this.config.entra?.appSecret, this.cached?.accessToken];
  }

  /** Auth headers for one Azure Maps request. */
  async headers(): Promise<Record<string, string>> {
    if (!this.config.entra) return { 'subscription-key': this.config.key ?? '' };
    const token = await this.token();
    return {
      authorization: `Bearer ${token.accessToken}`,
      'x-ms-client-id': this.config.clientId ?? '',
    };
  }

  async browserAuth(): Promise<BrowserMapAuth> {
    const clientId = this.config.clientId ?? null;
    if (!this.config.entra) {
      return {
        provider: 'azure',
        authType: 'subscriptionKey',
        clientId,
        accessToken: this.config.key ?? '',
        expiresAt: null,
      };
    }
    const token = await this.token();
    return {
      provider: 'azure',
      authType: 'aad',
      clientId,
      accessToken: token.accessToken,
      expiresAt: new Date(token.expiresAt).toISOString(),
    };
  }

  private now(): number {
    return (this.config.now ?? Date.now)();
  }

  private async token(): Promise<CachedToken> {
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<CachedToken> {
    const entra = this.config.entra as EntraAppCredentials;
    const url = new URL(
      `${encodeURIComponent(entra.tenantId)}/oauth2/v2.0/token`,
      this.config.authorityUrl.endsWith('/')
        ? this.config.authorityUrl
        : `${this.config.authorityUrl}/`,
    );
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: entra.appId,
      client_secret: entra.appSecret,
      scope: AZURE_MAPS_SCOPE,
    });
    const requestedAt = this.now();
    const answer = await this.transport.send(
      {
        what: 'Entra ID token request',
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      { count: 0 },
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    const lifetimeSeconds = Number(body?.expires_in);
    if (answer.status !== 200 || typeof body?.access_token !== 'string' || !(lifetimeSeconds > 0)) {
      const detail =
        answer.status === 200
          ? 'an answer without access_token/expires_in'
          : `HTTP ${answer.status}`;
      const described = describeErrorBody(answer.body);
      throw this.transport.fail(
        `Entra ID token request failed: ${detail}${described ? ` (${described})` : ''}. Check AZURE_MAPS_TENANT_ID, AZURE_MAPS_APP_ID and AZURE_MAPS_APP_SECRET`,
        answer.status,
        false,
      );
    }
    const lifetimeMs = lifetimeSeconds * 1000;
    const expiresAt = requestedAt + lifetimeMs;
    const refreshAt = expiresAt - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2);
    this.cached = { accessToken: body.access_token, expiresAt, refreshAt };
    return this.cached;
  }
}
