/**
 * Texts of the maps API. 'Search failed', 'Token fetch failed' and "Couldn't calculate route." are
 * the spec's own (doc 1 §8); the others are ours, as the spec leaves them unworded.
 */
export const MAPS_MESSAGES = {
  searchFailed: 'Search failed',
  tokenFailed: 'Token fetch failed',
  noRoute: "Couldn't calculate route.",
  travelFailed: 'Travel time lookup failed',
  timezoneFailed: 'Time zone lookup failed',
  noTimezone: 'No time zone is known for this position',
} as const;
