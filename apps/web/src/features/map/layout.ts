/** The map's height (doc 1 §2 "Map component"): expanded ~82 % of the viewport height; collapsed ~36 % under 720 px, else 420 px. */
import { NARROW_LAYOUT_PX } from '@oneeta/contracts';
import {
  COLLAPSED_NARROW_HEIGHT_RATIO,
  COLLAPSED_WIDE_HEIGHT_PX,
  EXPANDED_HEIGHT_RATIO,
} from './constants';

export function isNarrow(viewportWidth: number): boolean {
  return viewportWidth < NARROW_LAYOUT_PX;
}

export function mapHeight(input: {
  expanded: boolean;
  viewportWidth: number;
  viewportHeight: number;
}): number {
  const { expanded, viewportWidth, viewportHeight } = input;
  if (expanded) return Math.round(viewportHeight * EXPANDED_HEIGHT_RATIO);
  if (isNarrow(viewportWidth)) return Math.round(viewportHeight * COLLAPSED_NARROW_HEIGHT_RATIO);
  return COLLAPSED_WIDE_HEIGHT_PX;
}
