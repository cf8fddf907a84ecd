// When a child that crashed is started again, and when the launcher gives up. Pure: no I/O.

export interface RestartPolicy {
  /** Delay before the first restart (default 0.5 s), doubled after each crash up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that stayed up this long starts again from `initialDelayMs` (default 30 s). */
  resetAfterMs: number;
  /** This many crashes within `windowMs` is a crash loop: the stack stops (default 5 within 60 s). */
  maxCrashes: number;
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  resetAfterMs: 30_000,
  maxCrashes: 5,
  windowMs: 60_000,
};

export type CrashDecision =
  { action: 'restart'; delayMs: number; crashes: number } | { action: 'give-up'; crashes: number };

/** The crash history of one child. */
export class CrashHistory {
  private crashes: number[] = [];
  private delayMs: number;

  constructor(private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY) {
    this.delayMs = policy.initialDelayMs;
  }

  /** A crash at `now` of a child that had been running since `startedAt`. */
  crashed(now: number, startedAt: number): CrashDecision {
    const { initialDelayMs, maxDelayMs, resetAfterMs, maxCrashes, windowMs } = this.policy;
    if (now - startedAt >= resetAfterMs) this.delayMs = initialDelayMs;
    this.crashes = [...this.crashes.filter((at) => now - at < windowMs), now];
    if (this.crashes.length >= maxCrashes)
      return { action: 'give-up', crashes: this.crashes.length };
    const delayMs = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, maxDelayMs);
    return { action: 'restart', delayMs, crashes: this.crashes.length };
  }
}
