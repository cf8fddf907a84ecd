import type { mapTokenResponseSchema } from '@oneeta/contracts';
import type { BrowserMapAuth } from '@oneeta/maps';
import type { z } from 'zod';

export type MapTokenResponse = z.infer<typeof mapTokenResponseSchema>;

/** GET /api/maps/token: what the browser map SDK needs, or `provider: 'offline'` for the built-in map. */
export function tokenAnswer(auth: BrowserMapAuth): MapTokenResponse {
  if (auth.provider === 'offline') {
    return {
      clientId: null,
      accessToken: null,
      provider: 'offline',
      authType: null,
      expiresAt: null,
    };
  }
  return {
    clientId: auth.clientId,
    accessToken: auth.accessToken,
    provider: 'azure',
    authType: auth.authType,
    expiresAt: auth.expiresAt,
  };
}
