/** Marker labels (doc 1 §9: labels truncate at 14 characters). */
import { LABEL_MAX_CHARS } from '@oneeta/contracts';

export const ELLIPSIS = '…';

/**
 * A label cut to at most `max` characters, the last one an ellipsis when cut. Characters are
 * counted as code points, so an emoji or an accented letter is never split in half.
 */
export function truncateLabel(label: string, max: number = LABEL_MAX_CHARS): string {
  const text = label.trim().replace(/\s+/g, ' ');
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return ELLIPSIS.slice(0, max);
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}

/** A label's box: `x` its horizontal middle, `y` its top, in pixels. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A label's width in pixels, estimated from its length at the map's 12 px label font. */
export function estimateLabelWidth(text: string, charWidth = 6.8): number {
  return Array.from(text).length * charWidth + 6;
}

const overlaps = (a: LabelBox, b: LabelBox) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Vertical shifts that keep labels from covering each other and the `obstacles` (the markers
 * themselves): each label, in order, takes the first of 0, +step, +2·step, −step that clears the
 * obstacles and the labels placed before it (0 when none does).
 */
export function placeLabels(
  boxes: readonly LabelBox[],
  step = 14,
  obstacles: readonly LabelBox[] = [],
): number[] {
  const placed: LabelBox[] = [...obstacles];
  return boxes.map((box) => {
    const dy =
      [0, step, 2 * step, -step].find((d) =>
        placed.every((other) => !overlaps({ ...box, y: box.y + d }, other)),
      ) ?? 0;
    placed.push({ ...box, y: box.y + dy });
    return dy;
  });
}

/** A label's move from its usual place. */
export interface LabelShift {
  dx: number;
  dy: number;
}

/** Space kept between a label and its own marker when it moves beside or above it. */
export const LABEL_GAP_PX = 3;

const overlapArea = (a: LabelBox, b: LabelBox) => {
  const w =
    Math.min(a.x + a.width / 2, b.x + b.width / 2) - Math.max(a.x - a.width / 2, b.x - b.width / 2);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
};

const inside = (b: LabelBox, bounds: { width: number; height: number } | undefined) =>
  !bounds ||
  (b.x - b.width / 2 >= 0 &&
    b.x + b.width / 2 <= bounds.width &&
    b.y >= 0 &&
    b.y + b.height <= bounds.height);

/** Where a label may go, best first: its usual place, further down, beside its marker, above it. */
function candidates(box: LabelBox, anchor: LabelBox, step: number): LabelShift[] {
  const besideY = anchor.y + anchor.height / 2 - box.height / 2 - box.y;
  const right = anchor.x + anchor.width / 2 + LABEL_GAP_PX + box.width / 2 - box.x;
  const left = anchor.x - anchor.width / 2 - LABEL_GAP_PX - box.width / 2 - box.x;
  const above = anchor.y - LABEL_GAP_PX - box.height - box.y;
  return [
    { dx: 0, dy: 0 },
    { dx: right, dy: besideY },
    { dx: left, dy: besideY },
    { dx: 0, dy: step },
    { dx: 0, dy: above },
    { dx: 0, dy: 2 * step },
    { dx: right, dy: besideY - step },
    { dx: left, dy: besideY - step },
    { dx: right, dy: besideY + step },
    { dx: left, dy: besideY + step },
    { dx: 0, dy: above - step },
    { dx: 0, dy: 3 * step },
  ];
}

/**
 * Places labels so that none covers another label or any marker (`obstacles`, every marker's
 * shape): each label, in order, takes the first of its candidate places (usual, beside its marker
 * right or left, further down, above, …) that is clear and inside `bounds`; when none is, the one
 * covering least. `items[i].anchor` is the label's own marker shape.
 */
export function placeLabelsAround(
  items: readonly { box: LabelBox; anchor: LabelBox }[],
  obstacles: readonly LabelBox[],
  bounds?: { width: number; height: number },
  step = 14,
): LabelShift[] {
  const placed: LabelBox[] = [];
  return items.map(({ box, anchor }) => {
    // Its own marker is no obstacle to its usual place (which sits just below or above it).
    const others = obstacles.filter((o) => o !== anchor);
    let best: { shift: LabelShift; cost: number } | null = null;
    for (const shift of candidates(box, anchor, step)) {
      const moved = { ...box, x: box.x + shift.dx, y: box.y + shift.dy };
      const covered = [...others, ...placed].reduce((sum, o) => sum + overlapArea(moved, o), 0);
      const ownMarker = overlapArea(moved, anchor);
      const cost = covered + ownMarker + (inside(moved, bounds) ? 0 : 1e6);
      if (!best || cost < best.cost) best = { shift, cost };
      if (cost === 0) break;
    }
    const shift = best!.shift;
    placed.push({ ...box, x: box.x + shift.dx, y: box.y + shift.dy });
    return shift;
  });
}
