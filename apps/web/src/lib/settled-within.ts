/**
 * How long a route's loader waits for the data its first screen shows before the page renders
 * without it (its loading state). An answer within this renders the page with its data at once:
 * one render and one paint, instead of the loading state first and then a second, blocking render
 * when the answer comes (issue 13).
 */
export const FIRST_SCREEN_WAIT_MS = 500;

/**
 * Resolves once `promise` has settled (fulfilled or rejected: the outcome is not passed on) or
 * after `ms`, whichever comes first. A route's loader waits this way for the data its first
 * screen shows: when the answer comes quickly the page renders with it at once, else it renders
 * its own loading screen as before.
 */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
