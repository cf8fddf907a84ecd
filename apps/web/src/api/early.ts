/**
 * Early requests (issue 13): a page's HTML (s.html and sessions.html, written by
 * route-html-plugin.ts with the scripts early-scripts.ts builds) asks for the GET calls of its
 * first screen while the app's scripts are still downloading, instead of after they have run: the
 * answers are in when the page renders. apiRequest takes each answer at most once, for the same
 * URL asked with the same token, within EARLY_ANSWER_TTL_MS of the page's start (an answer nobody
 * took during the load is never handed to a later call); any other call, or one whose early
 * request failed, goes to the network as usual.
 */

/** How long after the page's start an early answer may still be taken (a slow phone's load). */
export const EARLY_ANSWER_TTL_MS = 20_000;

/** The global the inline script fills: URL → the token it was asked with and the answer. */
export const EARLY_GLOBAL = '__oneetaEarly';

interface EarlyCall {
  token: string | null;
  /** `performance.now()` when it was asked. */
  at: number;
  response: Promise<Response>;
}

/** The early answer to `GET url` asked with `token`, once; undefined when there is none. */
export function takeEarlyResponse(
  url: string,
  token: string | null,
): Promise<Response> | undefined {
  const calls = (globalThis as Record<string, unknown>)[EARLY_GLOBAL] as
    Record<string, EarlyCall | undefined> | undefined;
  const call = calls?.[url];
  if (!call) return undefined;
  delete calls[url];
  const fresh = performance.now() - call.at < EARLY_ANSWER_TTL_MS;
  return fresh && call.token === token ? call.response : undefined;
}
