import { CALL_USAGE_MAX_SECONDS } from '@oneeta/contracts';

/**
 * The seconds a call counts: the whole seconds between the start and the end the server saw, by
 * its own clock, never below 0 nor above the longest call the ledger counts.
 */
export function countedCallSeconds(startedAtMs: number, endedAtMs: number): number {
  const seconds = Math.floor((endedAtMs - startedAtMs) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.min(seconds, CALL_USAGE_MAX_SECONDS);
}
