import { Agent, buildConnector, setGlobalDispatcher } from 'undici';

/**
 * Errors that mean a request never reached a process: no listener (a replica stopping or not yet
 * started) or a name that does not resolve for a moment (a container being replaced). Trying the
 * connection again is safe for every method, since nothing was sent.
 */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** Waits between connection attempts: about 3 s in all, then the error stands. */
export const CONNECT_RETRY_DELAYS_MS: readonly number[] = [50, 100, 200, 300, 400, 500, 600, 700];

function notReached(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code && NOT_REACHED.has(e.code)) return true;
  return false;
}

/**
 * An undici connector that tries a refused or unresolved connection again (each attempt resolves
 * the name anew, so another replica behind the name can answer). It works below the request: the
 * request, body and all, is written once, on the connection that finally opens. Resets and
 * timeouts are never retried here.
 */
export function retryingConnector(
  delays: readonly number[] = CONNECT_RETRY_DELAYS_MS,
  options: buildConnector.BuildOptions = {},
): buildConnector.connector {
  const connect = buildConnector(options);
  return (target, callback) => {
    let attempt = 0;
    const once = () =>
      connect(target, (err, socket) => {
        if (err && notReached(err) && attempt < delays.length) {
          setTimeout(once, delays[attempt++]);
          return;
        }
        if (err) callback(err, null);
        else callback(null, socket!);
      });
    once();
  };
}

/**
 * Makes every `fetch` of this process (calls to other services, to providers) retry a connection
 * that no process accepted, for the moments when a replica behind a name is being replaced.
 */
export function retryConnectionsGlobally(): void {
  setGlobalDispatcher(new Agent({ connect: retryingConnector() }));
}
