/**
 * The map's zoom and size constants (doc 1 §2 "Map component", §9 "Map zoom"). The timings and limits
 * the spec shares with other screens (COACHMARK_MS, SEARCH_PULSE_MS, FOLLOW_GRACE_MS,
 * EXIT_ANIMATION_MS, MAP_RESULTS_LIMIT, LABEL_MAX_CHARS, NARROW_LAYOUT_PX) live in @oneeta/contracts.
 */
import { FALLBACK_INVITE_POSITION } from '@oneeta/contracts';

/** Zoom when the camera goes to one place (a search result, a participant, a followed point). */
export const PLACE_ZOOM = 16;
/** The highest zoom a fit-to-bounds may choose. */
export const FIT_MAX_ZOOM = 17;
/** Padding around fitted bounds, in CSS pixels: 40 on small maps up to 60 on large ones. */
export const FIT_PADDING_MIN_PX = 40;
export const FIT_PADDING_MAX_PX = 60;
/** Zoom with nothing to show; USER_ZOOM when only the user's position is known. */
export const DEFAULT_ZOOM = 12;
export const USER_ZOOM = 16;
/** Where a map with no point at all looks (the spec's fallback position, Seattle). */
export const DEFAULT_CENTER = FALLBACK_INVITE_POSITION;

/** The zoom range of our offline map (Web Mercator levels, as Azure Maps uses). */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 20;

/** Our own interaction steps (not in the spec): one zoom button press, one arrow key press. */
export const ZOOM_STEP = 1;
export const KEY_PAN_PX = 80;
/** Auto-fit is redone when a point moves more than this (degrees, ~110 m): a drift of a few metres keeps the camera still. */
export const REFIT_PRECISION_DECIMALS = 3;
