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
