/**
 * Pin drops on an SDK map's drawing surface, with the offline map's rules (pin.ts): a press that
 * ends where it started (within the pointer's tolerance) drops a pin there, a touch held still for
 * LONG_PRESS_MS drops it at once, a drag or a pinch drops none. Also reports each press as an
 * interaction (it ends following). The SDK pans and zooms on the same events; nothing here stops them.
 */
import type { MapInput } from './follow';
import {
  isLongPress,
  LONG_PRESS_MS,
  pressDown,
  pressMove,
  pressUp,
  type PointerKind,
  type PointerSample,
  type Press,
} from './pin';
import type { ScreenPoint } from './projection';

const pointerKind = (type: string): PointerKind =>
  type === 'touch' || type === 'pen' ? type : 'mouse';

/** Listens on `surface`; `pick` gets the pressed point in the surface's pixels. Returns the remover. */
export function watchPresses(
  surface: HTMLElement,
  handlers: { onInteraction: (input: MapInput) => void; pick: (point: ScreenPoint) => void },
): () => void {
  let press: Press | null = null;
  let longPress: number | null = null;
  const down = new Set<number>();

  const clearLongPress = () => {
    if (longPress !== null) window.clearTimeout(longPress);
    longPress = null;
  };
  const sample = (event: PointerEvent): PointerSample => {
    const box = surface.getBoundingClientRect();
    return {
      pointerId: event.pointerId,
      kind: pointerKind(event.pointerType),
      point: { x: event.clientX - box.left, y: event.clientY - box.top },
      at: event.timeStamp,
    };
  };

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    handlers.onInteraction(event.pointerType === 'touch' ? 'touch' : 'pointer');
    down.add(event.pointerId);
    press = pressDown(press, sample(event));
    clearLongPress();
    if (press.kind !== 'touch' || press.spoiled) return;
    const started = press.at;
    longPress = window.setTimeout(() => {
      longPress = null;
      const held = press;
      if (!held || !isLongPress(held, started + LONG_PRESS_MS)) return;
      press = { ...held, fired: true };
      handlers.pick(held.start);
    }, LONG_PRESS_MS);
  };
  const onMove = (event: PointerEvent) => {
    if (!press || !down.has(event.pointerId)) return;
    press = pressMove(press, sample(event));
    if (press?.spoiled) clearLongPress();
  };
  const onEnd = (event: PointerEvent) => {
    if (!down.delete(event.pointerId)) return;
    const picked = event.type === 'pointerup' ? pressUp(press, sample(event)) : null;
    if (down.size === 0) {
      press = null;
      clearLongPress();
    }
    if (picked) handlers.pick(picked);
  };

  // The end of a press may come outside the surface (a drag that left it): listen on the window.
  surface.addEventListener('pointerdown', onDown);
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onEnd);
  window.addEventListener('pointercancel', onEnd);
  return () => {
    clearLongPress();
    surface.removeEventListener('pointerdown', onDown);
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onEnd);
    window.removeEventListener('pointercancel', onEnd);
  };
}
