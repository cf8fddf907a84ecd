/**
 * The route-matrix worker's cost policy: a participant's travel time is asked of the maps provider
 * only when the answer could have changed; in between it is dead-reckoned from the last answer
 * (services/routing-worker/src/domain/eta-policy.ts applies these thresholds).
 */

/** Re-ask when the reckoned remaining time and the remaining time implied by the participant's progress differ by more than this. */
export const ETA_DEVIATION_SECONDS = 60;
/** Re-ask when the last provider answer is older than this, whatever the progress. */
export const ETA_MAX_AGE_SECONDS = 600;
/**
 * Before a participant sets off for a timed session, re-ask on every job once their leave-by time
 * (arrival time − travel time) is this close, so the leave-by time they are shown is the provider's.
 */
export const ETA_LEAVE_BY_MARGIN_SECONDS = 600;
/**
 * Traffic is assumed steady within a bucket of this length (of the departure time, or of the arrival
 * time for timed sessions); when the bucket changes the provider is asked again. Coarser than the
 * cache key's bucket, which only decides which requests share a cell.
 */
export const ETA_TRAFFIC_BUCKET_SECONDS = 900;
/** A participant within this distance of where the last answer was asked has not set off (GPS jitter). */
export const ETA_STATIONARY_METERS = 75;
/** Lifetime of a session's policy state in Redis (last answers and last published results), renewed by every job. */
export const ETA_STATE_TTL_SECONDS = 1800;
