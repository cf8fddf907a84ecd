/**
 * The Azure Maps view: loads the SDK lazily (./azure-adapter holds the only import of
 * azure-maps-control), authenticates with the token call's answer, and reports a load failure so
 * the map component falls back to our offline map ('Failed to load Azure Maps SDK').
 */
import { useEffect, useRef } from 'react';
import { getMapToken, type AzureMapToken, type MapToken } from '../../api/maps';
import type { AzureAuth } from './azure-adapter';
import { initialCamera } from './fit';
import { MAP_UI, sdkLoadFailedMessage } from './texts';
import { tokenIsFresh } from './token-cache';
import { useSdkMap } from './use-sdk-map';
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
  markers,
  command,
  initial,
  onInteraction,
  visible,
  onPick,
}: MapViewProps & {
  token: AzureMapToken;
  sessionId: string | undefined;
  onFailed: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  /** The latest pin handler (none on a read-only map), read when the SDK reports a click. */
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  const handle = useSdkMap(
    containerRef,
    async (container, isCancelled) => {
      try {
        const { createAzureMap } = await import('./azure-adapter');
        if (isCancelled()) return null;
        const viewport = { width: container.clientWidth, height: container.clientHeight };
        return createAzureMap(container, {
          auth: azureAuth(token, sessionId),
          camera: initialCamera(initial.points, viewport, initial.near),
          onInteraction: (input) => onInteraction(input),
          onPick: (point) => pick.current?.(point),
          onFailed: () => {
            if (!isCancelled()) onFailed(sdkLoadFailedMessage());
          },
        });
      } catch {
        // The chunk did not load, or the SDK refused to start (no WebGL): our own map takes over.
        if (!isCancelled()) onFailed(sdkLoadFailedMessage());
        return null;
      }
    },
    { markers, command, visible },
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
