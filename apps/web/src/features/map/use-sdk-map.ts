/**
 * What the SDK map views (Azure Maps, MapLibre) share: the map is made once the container is in the
 * page (its module loads lazily), disposed with the view, and fed the markers, each new camera
 * command once, and the container's size whenever it changes (expand/collapse, 'Show map').
 */
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { CameraCommand } from './camera';
import { initialCamera } from './fit';
import type { DrawnMarker } from './markers';
import type { SdkMapHandle, SdkMapOptions } from './sdk-map-handle';
import type { MapViewProps } from './view-props';

/**
 * `create` makes the map in the container (null when it could not: it reported why itself);
 * `isCancelled` turns true once the view is gone. Returns the map once made.
 */
export function useSdkMap(
  containerRef: RefObject<HTMLDivElement | null>,
  create: (container: HTMLElement, isCancelled: () => boolean) => Promise<SdkMapHandle | null>,
  {
    markers,
    command,
    visible,
  }: { markers: DrawnMarker[]; command: CameraCommand | null; visible: boolean },
): SdkMapHandle | null {
  const [handle, setHandle] = useState<SdkMapHandle | null>(null);
  const applied = useRef(0);
  const start = useEffectEvent(create);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let created: SdkMapHandle | null = null;
    void start(container, () => cancelled).then((made) => {
      if (!made) return;
      if (cancelled) made.dispose();
      else {
        created = made;
        setHandle(made);
      }
    });
    return () => {
      cancelled = true;
      created?.dispose();
      setHandle(null);
    };
  }, [containerRef]);

  useEffect(() => {
    handle?.setMarkers(markers);
  }, [handle, markers]);

  useEffect(() => {
    if (!handle || !command || command.seq === applied.current) return;
    applied.current = command.seq;
    handle.apply(command);
  }, [handle, command]);

  // Expand/collapse and 'Show map' change the container's size, not the window's: tell the SDK.
  useEffect(() => {
    const container = containerRef.current;
    if (!handle || !container || !visible) return;
    handle.resize();
    const observer = new ResizeObserver(() => handle.resize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [handle, visible, containerRef]);

  return handle;
}

/**
 * An SDK map view's start: `load` imports the adapter's module (a lazy chunk) and answers its
 * factory, which makes the map with what every adapter takes (the first camera fitting `initial`,
 * interactions, picks going to the latest `onPick`, the adapter's own failure). `failed` runs when
 * the chunk does not load, the SDK refuses to start (no WebGL) or the adapter reports failure,
 * unless the view is gone; our own map then takes over.
 */
export function useLazySdkMap(
  containerRef: RefObject<HTMLDivElement | null>,
  load: () => Promise<(container: HTMLElement, options: SdkMapOptions) => SdkMapHandle>,
  failed: () => void,
  { markers, command, initial, onInteraction, visible, onPick }: MapViewProps,
): SdkMapHandle | null {
  /** The latest pin handler (none on a read-only map), read when the map reports a pick. */
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  return useSdkMap(
    containerRef,
    async (container, isCancelled) => {
      try {
        const create = await load();
        if (isCancelled()) return null;
        const viewport = { width: container.clientWidth, height: container.clientHeight };
        return create(container, {
          camera: initialCamera(initial.points, viewport, initial.near),
          onInteraction: (input) => onInteraction(input),
          onPick: (point) => pick.current?.(point),
          onFailed: () => {
            if (!isCancelled()) failed();
          },
        });
      } catch {
        if (!isCancelled()) failed();
        return null;
      }
    },
    { markers, command, visible },
  );
}
