// Free ports and HTTP readiness polling.
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Asks the OS for a free port by listening on port 0, then releases it. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port the OS picked'));
      });
    });
  });
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Stop waiting early (e.g. the child died); the string is the reason. */
  abortReason?: () => string | undefined;
}

/** Polls `url` until it answers 2xx; throws on timeout or when `abortReason` returns a reason. */
export async function waitForHttp(
  url: string,
  { timeoutMs, intervalMs = 250, abortReason }: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    const reason = abortReason?.();
    if (reason) throw new Error(reason);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`${url} was not ready after ${Math.round(timeoutMs / 1000)} s (${last})`);
    await sleep(intervalMs);
  }
}

/** Polls until a child has written the port it bound to `file` (see service-kit runService). */
export async function waitForPortFile(
  file: string,
  { timeoutMs, intervalMs = 100, abortReason }: WaitOptions,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = abortReason?.();
    if (reason) throw new Error(reason);
    const port = Number(await readFile(file, 'utf8').catch(() => ''));
    if (Number.isInteger(port) && port > 0) return port;
    if (Date.now() > deadline)
      throw new Error(`no port reported in ${file} after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(intervalMs);
  }
}
