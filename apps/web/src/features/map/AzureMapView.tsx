/**
 * The Azure Maps view: loads the SDK lazily (./azure-adapter holds the only import of
 * azure-maps-control), authenticates with the token call's answer, and reports a load failure so
 * the map component falls back to our offline map ('Failed to load Azure Maps SDK').
 */
import { useRef } from 'react';
import { getMapToken, type AzureMapToken, type MapToken } from '../../api/maps';
import type { AzureAuth } from './azure-adapter';
import { MAP_UI, sdkLoadFailedMessage } from './texts';
import { tokenIsFresh } from './token-cache';
import { useLazySdkMap } from './use-sdk-map';
import type { MapViewProps } from './view-props';

/** The SDK's credentials; with 'aad' the SDK's token callback refetches /api/maps/token when the one in hand is about to expire. */
function azureAuth(token: AzureMapToken, sessionId: string | undefined): AzureAuth {
  if (token.authType === 'aad') {
    let current: MapToken = token;
    return {
      authType: 'aad',
      clientId: token.clientId ?? '',
      getToken: async () => {
        if (!current.accessToken || !tokenIsFresh(current.expiresAt, Date.now())) {
          current = await getMapToken(sessionId);
        }
        if (!current.accessToken) throw new Error('No Azure Maps access token');
        return current.accessToken;
      },
    };
  }
  return { authType: 'subscriptionKey', subscriptionKey: token.accessToken ?? '' };
}

export function AzureMapView({
  token,
  sessionId,
  onFailed,
  ...view
}: MapViewProps & {
  token: AzureMapToken;
  sessionId: string | undefined;
  onFailed: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handle = useLazySdkMap(
    containerRef,
    async () => {
      const { createAzureMap } = await import('./azure-adapter');
      return (container, options) =>
        createAzureMap(container, { ...options, auth: azureAuth(token, sessionId) });
    },
    () => onFailed(sdkLoadFailedMessage()),
    view,
  );

  return (
    <div
      ref={containerRef}
      className="smap-azure"
      role="application"
      aria-roledescription="map"
      aria-label={MAP_UI.mapLabel}
      aria-busy={handle ? undefined : true}
    />
  );
}
