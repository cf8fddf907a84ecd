import { NO_INSETS, type Insets } from './fit';

/** Gap kept between an overlay and a fitted or centered point. */
const OVERLAY_GAP_PX = 8;

/**
 * The part of the map the search box (and, for 'all', its results) covers, as insets from the
 * frame's edges (measured in the DOM).
 */
export function overlayInsets(
  frame: HTMLElement | null,
  top: HTMLElement | null,
  cover: 'search' | 'all',
): Insets {
  if (!frame || !top) return NO_INSETS;
  const covering = cover === 'all' ? top : (top.querySelector('.smap-search-row') ?? top);
  const bottom = covering.getBoundingClientRect().bottom - frame.getBoundingClientRect().top;
  return bottom > 0 ? { ...NO_INSETS, top: Math.round(bottom + OVERLAY_GAP_PX) } : NO_INSETS;
}
