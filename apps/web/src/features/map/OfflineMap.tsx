/**
 * Our own map, drawn when Azure Maps is not in use (offline provider, token or SDK failure): a Web
 * Mercator projection of the destination and every participant in an SVG, with a graticule and a
 * scale bar instead of tiles. Drag to pan, wheel or pinch to zoom, arrow and +/- keys too.
 */
import {
  startTransition,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { CAMERA_MOVE_MS, easeOut, interpolateCamera, type CameraCommand } from './camera';
import { KEY_PAN_PX, ZOOM_STEP } from './constants';
import { centerInFreeArea, fitCamera, initialCamera } from './fit';
import { OfflineDrawing } from './OfflineDrawing';
import {
  isLongPress,
  LONG_PRESS_MS,
  pressDown,
  pressMove,
  pressUp,
  type PointerKind,
  type Press,
} from './pin';
import {
  clampZoom,
  panBy,
  zoomAround,
  type Camera,
  unproject,
  type ScreenPoint,
  type Viewport,
} from './projection';
import { MAP_UI } from './texts';
import type { MapViewProps } from './view-props';

/** How far a wheel notch zooms: a mouse notch (deltaY 100) is half a level. */
const WHEEL_ZOOM_PER_PIXEL = 0.005;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

const distance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: ScreenPoint, b: ScreenPoint) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

const pointerKind = (type: string): PointerKind =>
  type === 'touch' || type === 'pen' ? type : 'mouse';

export function OfflineMap({
  markers,
  command,
  initial,
  onInteraction,
  visible,
  onPick,
}: MapViewProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<Viewport | null>(null);
  const [camera, setCameraState] = useState<Camera | null>(null);
  const cameraRef = useRef<Camera | null>(null);
  const tween = useRef<number | null>(null);
  const pointers = useRef(new Map<number, ScreenPoint>());
  const applied = useRef(0);
  /** The press in progress: a pin drops where it started if it ends without moving. */
  const press = useRef<Press | null>(null);
  const longPress = useRef<number | null>(null);

  const setCamera = useCallback((next: Camera) => {
    cameraRef.current = next;
    setCameraState(next);
  }, []);

  const cancelTween = useCallback(() => {
    if (tween.current !== null) cancelAnimationFrame(tween.current);
    tween.current = null;
  }, []);

  /** Where the camera is going: the end of the move in progress, else where it is. */
  const heading = useRef<Camera | null>(null);

  const goTo = useCallback(
    (target: Camera, animate: boolean) => {
      cancelTween();
      heading.current = target;
      const from = cameraRef.current;
      if (!animate || !from || prefersReducedMotion()) {
        setCamera(target);
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const t = (now - start) / CAMERA_MOVE_MS;
        setCamera(interpolateCamera(from, target, easeOut(t)));
        tween.current = t < 1 ? requestAnimationFrame(step) : null;
      };
      tween.current = requestAnimationFrame(step);
    },
    [cancelTween, setCamera],
  );

  useEffect(() => cancelTween, [cancelTween]);

  // The drawing size follows the element's size (expand/collapse, window resize, shown again). The
  // observer reports the first size once the browser has laid the page out (no layout forced in
  // React's commit), and the drawing renders in a transition: in slices, not one long task.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const box = svg.getBoundingClientRect();
      const width = Math.round(box.width);
      const height = Math.round(box.height);
      startTransition(() =>
        setSize((old) => {
          if (width <= 0 || height <= 0) return old;
          return old && old.width === width && old.height === height ? old : { width, height };
        }),
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [visible]);

  // The first camera, once the map has a size.
  const startCamera = useEffectEvent((viewport: Viewport) => {
    if (!cameraRef.current) setCamera(initialCamera(initial.points, viewport, initial.near));
  });
  useEffect(() => {
    if (size) startCamera(size);
  }, [size]);

  const carryOut = useEffectEvent((request: CameraCommand, viewport: Viewport) => {
    // A request made during a move builds on where the move ends (a center keeps its zoom, + adds up).
    const current =
      (tween.current !== null ? heading.current : cameraRef.current) ??
      initialCamera(initial.points, viewport, initial.near);
    if (request.type === 'fit') {
      const fitted = fitCamera(request.points, viewport, { insets: request.insets });
      if (fitted) goTo(fitted, request.animate);
    } else if (request.type === 'center') {
      const zoom = request.zoom ?? current.zoom;
      const center = centerInFreeArea(request.center, zoom, viewport, request.insets);
      goTo({ center, zoom }, request.animate);
    } else {
      goTo({ center: current.center, zoom: clampZoom(current.zoom + request.delta) }, true);
    }
  });
  useEffect(() => {
    if (!command || !size || command.seq === applied.current) return;
    applied.current = command.seq;
    carryOut(command, size);
  }, [command, size]);

  const localPoint = (event: { clientX: number; clientY: number }): ScreenPoint => {
    const box = svgRef.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };

  /** Drops a pin at a point of the drawing. */
  const pickAt = (point: ScreenPoint) => {
    const current = cameraRef.current;
    if (!onPick || !current || !size) return;
    onPick(unproject(point, current, size));
  };

  const clearLongPress = () => {
    if (longPress.current !== null) window.clearTimeout(longPress.current);
    longPress.current = null;
  };
  useEffect(() => clearLongPress, []);

  const sample = (event: PointerEvent<SVGSVGElement>) => ({
    pointerId: event.pointerId,
    kind: pointerKind(event.pointerType),
    point: localPoint(event),
    at: event.timeStamp,
  });

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    onInteraction(event.pointerType === 'touch' ? 'touch' : 'pointer');
    cancelTween();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, localPoint(event));
    if (!onPick) return;
    press.current = pressDown(press.current, sample(event));
    clearLongPress();
    if (press.current.kind === 'touch' && !press.current.spoiled) {
      const started = press.current.at;
      longPress.current = window.setTimeout(() => {
        longPress.current = null;
        const held = press.current;
        if (!held || !isLongPress(held, started + LONG_PRESS_MS)) return;
        press.current = { ...held, fired: true };
        pickAt(held.start);
      }, LONG_PRESS_MS);
    }
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const previous = pointers.current.get(event.pointerId);
    const current = cameraRef.current;
    if (!previous || !current || !size) return;
    if (press.current) {
      press.current = pressMove(press.current, sample(event));
      if (press.current?.spoiled) clearLongPress();
    }
    const point = localPoint(event);
    if (pointers.current.size === 1) {
      setCamera(panBy(current, point.x - previous.x, point.y - previous.y));
    } else if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        const before = { mid: midpoint(previous, other), span: distance(previous, other) };
        const after = { mid: midpoint(point, other), span: distance(point, other) };
        const zoom = current.zoom + Math.log2(Math.max(1, after.span) / Math.max(1, before.span));
        const zoomed = zoomAround(current, size, before.mid, zoom);
        setCamera(panBy(zoomed, after.mid.x - before.mid.x, after.mid.y - before.mid.y));
      }
    }
    pointers.current.set(event.pointerId, point);
  };

  const onPointerEnd = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    const picked = event.type === 'pointerup' ? pressUp(press.current, sample(event)) : null;
    if (pointers.current.size === 0) {
      press.current = null;
      clearLongPress();
    }
    if (picked) pickAt(picked);
  };

  // A wheel zooms into the cursor. React's wheel listener is passive, so it is added by hand.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    const current = cameraRef.current;
    if (!current || !size) return;
    event.preventDefault();
    onInteraction('wheel');
    cancelTween();
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    const delta = Math.max(-1, Math.min(1, -pixels * WHEEL_ZOOM_PER_PIXEL));
    setCamera(zoomAround(current, size, localPoint(event), current.zoom + delta));
  });
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const listener = (event: WheelEvent) => onWheel(event);
    svg.addEventListener('wheel', listener, { passive: false });
    return () => svg.removeEventListener('wheel', listener);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = cameraRef.current;
    if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    if (event.key === 'Enter' && onPick && size) {
      // Enter drops a pin at the centre of the map.
      event.preventDefault();
      onPick(current.center);
      return;
    }
    const pan = pans[event.key];
    let next: Camera | null = null;
    if (pan) next = panBy(current, pan[0], pan[1]);
    else if (event.key === '+' || event.key === '=')
      next = { ...current, zoom: clampZoom(current.zoom + ZOOM_STEP) };
    else if (event.key === '-' || event.key === '_')
      next = { ...current, zoom: clampZoom(current.zoom - ZOOM_STEP) };
    if (!next) return;
    event.preventDefault();
    onInteraction('keyboard');
    goTo(next, true);
  };

  return (
    <div
      className="smap-offline"
      role="application"
      aria-roledescription="map"
      aria-label={onPick ? MAP_UI.offlineMapPinLabel : MAP_UI.offlineMapLabel}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <svg
        ref={svgRef}
        className="smap-svg"
        role="img"
        aria-label={MAP_UI.mapLabel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        {...(size ? { viewBox: `0 0 ${size.width} ${size.height}` } : {})}
      >
        <rect className="smap-bg" x={0} y={0} width="100%" height="100%" />
        {camera && size && <OfflineDrawing camera={camera} size={size} markers={markers} />}
      </svg>
    </div>
  );
}
