// Free ports and HTTP readiness polling.
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Ports are picked below the kernel's ephemeral range (Linux: 32768–60999), where the OS hands out
 * the ports of everything that listens on port 0 (the stack's own services). A port chosen here
 * and used a moment later can then not be taken in between by one of them.
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_767;
/** Handed out by this process already: two callers at once never get the same port. */
const handedOut = new Set<number>();

/** Whether host:port can be listened on right now (it is released again at once). */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A free port for something that is told its port ahead of listening (a gateway, a redis-server). */
export async function findFreePort(
  host = '127.0.0.1',
  { from = PICK_FROM, to = PICK_TO }: { from?: number; to?: number } = {},
): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (handedOut.has(port) || !(await canListen(port, host))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${from} and ${to} on ${host}`);
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
