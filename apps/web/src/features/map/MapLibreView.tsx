/**
 * The MapLibre street map view: loads MapLibre GL JS lazily (./maplibre-adapter holds the only
 * import of maplibre-gl), draws the style the token call named, and reports a load failure (the
 * library, its worker or the style would not load, or no WebGL) so the map component falls back to
 * our offline map ('Failed to load MapLibre Maps SDK').
 */
import { useRef } from 'react';
import type { MapLibreMapToken } from '../../api/maps';
import { MAP_UI, sdkLoadFailedMessage } from './texts';
import { useLazySdkMap } from './use-sdk-map';
import type { MapViewProps } from './view-props';

export function MapLibreView({
  style,
  onFailed,
  ...view
}: MapViewProps & {
  style: MapLibreMapToken;
  onFailed: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handle = useLazySdkMap(
    containerRef,
    async () => {
      const { createMapLibreMap } = await import('./maplibre-adapter');
      return (container, options) =>
        createMapLibreMap(container, {
          ...options,
          styleUrl: style.styleUrl,
          attribution: style.attribution,
          label: view.onPick ? MAP_UI.streetMapPinLabel : MAP_UI.streetMapLabel,
        });
    },
    () => onFailed(sdkLoadFailedMessage(MAP_UI.maplibreProviderName)),
    view,
  );

  return <div ref={containerRef} className="smap-maplibre" aria-busy={handle ? undefined : true} />;
}
