import type { MapTokenResponse } from '@oneeta/contracts';
import type { BrowserMapAuth } from '@oneeta/maps';

export type { MapTokenResponse };

/** A MapLibre GL style for the browser map (MAP_STYLE_URL) and the credit it always shows. */
export interface MapStyle {
  styleUrl: string;
  attribution: string;
}

/**
 * GET /api/maps/token: what the browser map SDK needs. Azure Maps, when the provider hands out its
 * credentials, keeps the browser map; otherwise a configured MapLibre style (`provider: 'maplibre'`),
 * else `provider: 'offline'` for the built-in map.
 */
export function tokenAnswer(auth: BrowserMapAuth, style: MapStyle | null = null): MapTokenResponse {
  if (auth.provider === 'offline') {
    const none = { clientId: null, accessToken: null, authType: null, expiresAt: null };
    return style
      ? { ...none, provider: 'maplibre', styleUrl: style.styleUrl, attribution: style.attribution }
      : { ...none, provider: 'offline' };
  }
  return {
    clientId: auth.clientId,
    accessToken: auth.accessToken,
    provider: 'azure',
    authType: auth.authType,
    expiresAt: auth.expiresAt,
  };
}

/** The MapLibre style from the config, when MAP_STYLE_URL is set. */
export function mapStyleOf(config: {
  MAP_STYLE_URL?: string | undefined;
  MAP_ATTRIBUTION: string;
}): MapStyle | null {
  return config.MAP_STYLE_URL
    ? { styleUrl: config.MAP_STYLE_URL, attribution: config.MAP_ATTRIBUTION }
    : null;
}
