import WebSocket from 'ws';

/** Resolves with `value` or rejects after `ms` (the timer never holds the process open). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The `index`-th loopback source address from 127.0.0.2 on (127.0.0.1 is the gateway's; a last
 * byte of 0 or 255 is skipped): 127.0.0.2 … 127.0.0.254, 127.0.1.2 …
 */
export function loopbackAddress(index: number): string {
  const perBlock = 253;
  const block = Math.floor(index / perBlock);
  if (block > 255) throw new Error(`loopback address ${index} is out of range`);
  return `127.0.${block}.${2 + (index % perBlock)}`;
}

export interface BenchClient {
  ws: WebSocket;
  sessionId: string;
}

export interface SubscribeOptions {
  url: string;
  localAddress: string;
  sessionId: string;
  token: string;
  timeoutMs: number;
  /** Called with each frame received after the `subscribed` answer. */
  onFrame?: (frame: { type?: unknown; sessionId?: unknown }) => void;
}

/** Opens one socket from `localAddress`, subscribes it, and resolves once `subscribed` arrives. */
export function openSubscribed(options: SubscribeOptions): Promise<BenchClient> {
  const { url, localAddress, sessionId, token, timeoutMs, onFrame } = options;
  // The client offers permessage-deflate, as browsers do: the gateway's answer decides.
  const ws = new WebSocket(url, { localAddress, handshakeTimeout: timeoutMs });
  const subscribed = new Promise<BenchClient>((resolve, reject) => {
    let done = false;
    ws.once('open', () =>
      ws.send(JSON.stringify({ action: 'subscribe', sessionId, token: `Bearer ${token}` })),
    );
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as {
        type?: unknown;
        sessionId?: unknown;
        error?: unknown;
      };
      if (done) return onFrame?.(frame);
      if (frame.type === 'subscribed' && frame.sessionId === sessionId) {
        done = true;
        resolve({ ws, sessionId });
      } else if (frame.type === 'error') {
        done = true;
        reject(new Error(`subscribe refused: ${String(frame.error)}`));
      }
    });
    ws.once('error', (err) => {
      if (!done) reject(err);
    });
    ws.once('close', (code, reason) => {
      if (!done) reject(new Error(`closed before subscribed: ${code} ${reason.toString()}`));
    });
  });
  return within(subscribed, timeoutMs, `subscribe ${sessionId} from ${localAddress}`).catch(
    (err: unknown) => {
      ws.terminate();
      throw err;
    },
  );
}

/** Runs `task(i)` for i < count with at most `concurrency` in flight; resolves with the failures. */
export async function pool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<Error[]> {
  const failures: Error[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      await task(index).catch((err: unknown) =>
        failures.push(err instanceof Error ? err : new Error(String(err))),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return failures;
}

/** Closes every socket (a close frame, then a hard stop after `ms`). */
export async function closeAll(clients: Iterable<BenchClient>, ms: number): Promise<void> {
  const closing = [...clients].map(
    ({ ws }) =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  );
  await within(Promise.all(closing), ms, 'closing sockets').catch(() => {
    for (const { ws } of clients) ws.terminate();
  });
}

/** The value at quantile q (0..1) of sorted numbers (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
