/**
 * The markers of the SDK maps (Azure Maps, MapLibre) as small DOM elements the SDK places on the
 * map: a pin (destination, selection) or a dot with an initial, and its label. Labels step aside
 * (below, beside, above their marker) so that none covers another label or marker, as on the
 * offline map. No SDK import: both adapters use these.
 */
import { estimateLabelWidth, placeLabelsAround, type LabelBox } from './labels';
import type { DrawnMarker } from './markers';

/** A marker's point on the screen, in the map container's pixels. */
export interface MarkerPixel {
  x: number;
  y: number;
}

const LABEL_HEIGHT = 15;
/** A dot (22 px) is centred on its point: the element's top sits this far above it. */
export const DOT_TOP_OFFSET_PX = -11;

export const isPinMarker = (m: DrawnMarker): boolean =>
  m.kind === 'destination' || m.kind === 'selected';

export function markerElement(marker: DrawnMarker): HTMLElement {
  const root = document.createElement('div');
  root.className = 'smap-hmarker';
  root.dataset.kind = marker.kind;
  root.dataset.markerId = marker.id;
  root.title = marker.label;
  const shape = document.createElement('span');
  shape.className = 'smap-hshape';
  if (marker.kind === 'participant' || marker.kind === 'me') {
    shape.textContent = Array.from(marker.label.trim())[0]?.toUpperCase() ?? '?';
  }
  const label = document.createElement('span');
  label.className = 'smap-hlabel';
  label.textContent = marker.shortLabel;
  root.append(shape, label);
  return root;
}

/** The screen box of a marker's shape: a pin (24 px and its 6 px tip) stands on its point, a dot is centred on it. */
export function markerShapeBox(m: DrawnMarker, { x, y }: MarkerPixel): LabelBox {
  if (isPinMarker(m)) return { x, y: y - 32, width: 26, height: 32 };
  const r = m.kind === 'me' ? 17 : 11;
  return { x, y: y - r, width: 2 * r, height: 2 * r };
}

/** The screen box of a marker's label where the CSS puts it: above a pin, below a dot. */
export function markerLabelBox(m: DrawnMarker, { x, y }: MarkerPixel): LabelBox {
  const width = estimateLabelWidth(m.shortLabel);
  const top = isPinMarker(m) ? y - 32 - 2 - LABEL_HEIGHT : y + 11 + 2;
  return { x, y: top, width, height: LABEL_HEIGHT };
}

/**
 * Moves each label (`labels[i]` belongs to `markers[i]`, at `pixels[i]`) out of the way of the
 * others; later markers are drawn on top, so they keep their label's usual place first.
 */
export function layoutMarkerLabels(
  markers: readonly DrawnMarker[],
  pixels: readonly MarkerPixel[],
  labels: readonly HTMLElement[],
  bounds: { width: number; height: number },
): void {
  if (markers.length === 0 || labels.length !== markers.length) return;
  const shapes = markers.map((m, i) => markerShapeBox(m, pixels[i]!));
  const items = markers.map((m, i) => ({ box: markerLabelBox(m, pixels[i]!), anchor: shapes[i]! }));
  const shifts = placeLabelsAround([...items].reverse(), shapes, bounds).reverse();
  labels.forEach((label, i) => {
    const { dx, dy } = shifts[i]!;
    label.style.transform = dx || dy ? `translate(${dx}px, ${dy}px)` : '';
  });
}
