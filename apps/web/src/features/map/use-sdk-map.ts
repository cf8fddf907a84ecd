/**
 * What the SDK map views (Azure Maps, MapLibre) share: the map is made once the container is in the
 * page (its module loads lazily), disposed with the view, and fed the markers, each new camera
 * command once, and the container's size whenever it changes (expand/collapse, 'Show map').
 */
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { CameraCommand } from './camera';
import type { DrawnMarker } from './markers';

export interface SdkMapHandle {
  setMarkers(markers: readonly DrawnMarker[]): void;
  apply(command: CameraCommand): void;
  resize(): void;
  dispose(): void;
}

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
