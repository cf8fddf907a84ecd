/**
 * Arrival panel constants of doc 2 §9 that `@oneeta/contracts` does not carry (they concern only
 * the web app's panel). The shared ones (COMPACT_PANEL_ABOVE, NARROW_LAYOUT_PX, METERS_PER_MILE)
 * come from contracts.
 */

/** Card grid minimum width (doc 2 §2, §9: "card grid minimum width 140 px"). */
export const CARD_MIN_WIDTH_PX = 140;

/** "map follow action runs after a 120 ms delay" (doc 2 §9): Find on map waits for the dialog to go. */
export const MAP_FOLLOW_DELAY_MS = 120;
