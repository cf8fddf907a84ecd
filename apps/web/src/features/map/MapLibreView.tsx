/**
 * The MapLibre street map view: loads MapLibre GL JS lazily (./maplibre-adapter holds the only
 * import of maplibre-gl), draws the style the token call named, and reports a load failure (the
 * library, its worker or the style would not load, or no WebGL) so the map component falls back to
 * our offline map ('Failed to load MapLibre Maps SDK').
 */
import { useEffect, useRef } from 'react';
import type { MapLibreMapToken } from '../../api/maps';
import { initialCamera } from './fit';
import { MAP_UI, sdkLoadFailedMessage } from './texts';
import { useSdkMap } from './use-sdk-map';
import type { MapViewProps } from './view-props';

export function MapLibreView({
  style,
  onFailed,
  markers,
  command,
  initial,
  onInteraction,
  visible,
  onPick,
}: MapViewProps & {
  style: MapLibreMapToken;
  onFailed: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  /** The latest pin handler (none on a read-only map), read when a press picks a point. */
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  const failed = () => onFailed(sdkLoadFailedMessage(MAP_UI.maplibreProviderName));

  const handle = useSdkMap(
    containerRef,
    async (container, isCancelled) => {
      try {
        const { createMapLibreMap } = await import('./maplibre-adapter');
        if (isCancelled()) return null;
        const viewport = { width: container.clientWidth, height: container.clientHeight };
        return createMapLibreMap(container, {
          styleUrl: style.styleUrl,
          attribution: style.attribution,
          label: onPick ? MAP_UI.streetMapPinLabel : MAP_UI.streetMapLabel,
          camera: initialCamera(initial.points, viewport, initial.near),
          onInteraction: (input) => onInteraction(input),
          onPick: (point) => pick.current?.(point),
          onFailed: () => {
            if (!isCancelled()) failed();
          },
        });
      } catch {
        // The chunk did not load, or MapLibre refused to start (no WebGL): our own map takes over.
        if (!isCancelled()) failed();
        return null;
      }
    },
    { markers, command, visible },
  );

  return <div ref={containerRef} className="smap-maplibre" aria-busy={handle ? undefined : true} />;
}
