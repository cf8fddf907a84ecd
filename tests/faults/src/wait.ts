import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `check` every `intervalMs` until it is true; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting until ${what}`);
    await sleep(intervalMs);
  }
}
