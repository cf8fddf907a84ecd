/**
 * `pnpm bench:ws`: one real gateway process (src/main.ts, forked with --expose-gc) on a real Redis,
 * holding `--sockets` websocket clients (default 10,000), each subscribed to a session: one session
 * of 12 subscribers, the rest in sessions of 5. Measures the gateway's memory per socket (RSS and
 * heap after a full GC, before connecting and once all are subscribed and idle), then publishes
 * `--broadcasts` refresh-session nudges (default 200) on the 12-subscriber session's Redis channel,
 * one after the other, timing publish → frame received at the last of the 12, and the gateway's
 * CPU time over that phase. Prints a table and writes JSON.
 *
 *   pnpm bench:ws [--sockets=10000] [--broadcasts=200] [--out=bench-results/ws.json]
 *
 * The hub allows WS_MAX_CONNECTIONS_PER_IP sockets per client address (default kept), so the clients
 * are spread over that many per loopback source address (127.0.0.2, 127.0.0.3, …). Tokens come from
 * a test issuer whose JWKS a small HTTP server in this process serves as AUTH_URL; the accounts are
 * written to the gateway's account view; the membership and revision routes of the session service
 * are answered by the bench's own small server (every bench user is a member).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createRedis, publishSessionNudge, redisKey } from '@oneeta/service-kit';
import { createTestIssuer, deleteKeys } from '@oneeta/service-kit/testing';
import { configSchema } from '../src/config.js';
import type { GatewayStats } from './ws-gateway.js';
import {
  closeAll,
  loopbackAddress,
  openSubscribed,
  pool,
  quantile,
  within,
  type BenchClient,
} from './ws-clients.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
};
const SOCKETS = Number(arg('sockets') ?? 10_000);
const BROADCASTS = Number(arg('broadcasts') ?? 200);
const here = path.dirname(fileURLToPath(import.meta.url));
const INTERNAL_TOKEN = randomUUID();
const repoRoot = path.resolve(here, '../../..');
const OUT = path.resolve(repoRoot, arg('out') ?? 'bench-results/ws.json');
const REDIS_URL = 'redis://127.0.0.1:6379';
const BIG = 12;
const GROUP = 5;
const DEADLINE_MS = 5 * 60_000;
const PER_IP = configSchema.shape.WS_MAX_CONNECTIONS_PER_IP.parse(undefined);
if (!Number.isInteger(SOCKETS) || SOCKETS < BIG + 1 || SOCKETS > 18_000)
  throw new Error('--sockets: 13 … 18000');
if (!Number.isInteger(BROADCASTS) || BROADCASTS < 1 || BROADCASTS > 10_000)
  throw new Error('--broadcasts: 1 … 10000');

const started = Date.now();
const left = () => Math.max(1, started + DEADLINE_MS - Date.now());
const step = (what: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
const mib = (bytes: number) => bytes / 2 ** 20;

/** Session of socket i: the first 12 follow 'big', then groups of 5. */
const sessionOf = (i: number) =>
  i < BIG ? 'bench-big' : `bench-s${Math.floor((i - BIG) / GROUP)}`;
const SESSIONS = 1 + Math.ceil((SOCKETS - BIG) / GROUP);

const prefix = `bench-ws-${randomUUID().slice(0, 8)}`;
const redis = createRedis(REDIS_URL);
const portDir = mkdtempSync(path.join(tmpdir(), 'bench-ws-'));
const clients: BenchClient[] = [];
let gateway: ReturnType<typeof fork> | undefined;
let jwksServer: ReturnType<typeof createServer> | undefined;

/** Ends what this run started: its sockets, its gateway (by pid), its JWKS server and its Redis keys. */
async function cleanUp(): Promise<void> {
  await closeAll(clients, 5_000);
  if (gateway?.pid !== undefined && gateway.exitCode === null && gateway.signalCode === null) {
    const exited = new Promise<void>((resolve) => gateway!.once('exit', () => resolve()));
    process.kill(gateway.pid, 'SIGTERM');
    await within(exited, 15_000, 'gateway exit').catch(
      () => gateway?.pid !== undefined && process.kill(gateway.pid, 'SIGKILL'),
    );
  }
  jwksServer?.close();
  await deleteKeys(redis, prefix).catch((err: unknown) =>
    console.error('could not delete the bench keys', err),
  );
  redis.disconnect();
  rmSync(portDir, { recursive: true, force: true });
}

const deadline = setTimeout(() => {
  console.error(`bench:ws: over the ${DEADLINE_MS / 1000} s deadline; stopping`);
  void cleanUp().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();

/** The gateway's own figures over IPC (after a full GC when `gc`). */
function stats(gc: boolean): Promise<GatewayStats> {
  const child = gateway!;
  const answer = new Promise<GatewayStats>((resolve) => {
    const onMessage = (message: GatewayStats) => {
      if (message?.type !== 'stats') return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
  });
  child.send({ type: 'stats', gc });
  return within(answer, 10_000, 'gateway stats');
}

/** VmRSS of the gateway from /proc (bytes), as the kernel counts it. */
const procRss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${gateway!.pid}/status`, 'utf8'))?.[1] ?? 0) *
  1024;

/** Sockets the gateway counts in Redis (its per-address sets), an independent check of the total. */
async function countedSockets(): Promise<number> {
  let total = 0;
  let cursor = '0';
  for (let rounds = 0; rounds < 10_000; rounds++) {
    const [next, keys] = await redis.scan(
      cursor,
      'MATCH',
      redisKey(prefix, 'ws', 'connections', '*'),
      'COUNT',
      1000,
    );
    for (const key of keys) total += await redis.zcard(key);
    cursor = next;
    if (cursor === '0') break;
  }
  return total;
}

async function startGateway(authUrl: string): Promise<string> {
  const portFile = path.join(portDir, 'port');
  gateway = fork(path.join(here, 'ws-gateway.ts'), {
    execArgv: ['--expose-gc', '--conditions=@oneeta/source', '--import', 'tsx'],
    // stdin is a pipe the gateway watches: it stops by itself if this process dies.
    stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      PORT_FILE: portFile,
      EXIT_WHEN_STDIN_CLOSES: '1',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      AUTH_URL: authUrl,
      // The bench's server answers the session service's membership and revision routes too.
      SESSION_URL: authUrl,
      INTERNAL_TOKEN,
      WEB_DIST: path.join(portDir, 'no-web'),
    },
  });
  const exited = new Promise<never>((_, reject) =>
    gateway!.once('exit', (code) => reject(new Error(`gateway exited (${code})`))),
  );
  exited.catch(() => {});
  for (let i = 0; i < 300 && !existsSync(portFile); i++) await Promise.race([sleep(100), exited]);
  if (!existsSync(portFile)) throw new Error('gateway did not report its port within 30 s');
  return `ws://127.0.0.1:${readFileSync(portFile, 'utf8').trim()}/ws`;
}

async function run() {
  step(`prefix ${prefix}: ${SOCKETS} sockets, ${SESSIONS} sessions, ${PER_IP} per source address`);
  const issuer = await createTestIssuer({ redis, prefix, kid: 'bench-ws' });
  jwksServer = createServer((req, res) => {
    const url = req.url ?? '';
    const internal =
      url.startsWith('/internal/sessions/') && req.headers['x-internal-token'] === INTERNAL_TOKEN;
    const body =
      url === '/.well-known/jwks.json'
        ? issuer.jwks
        : internal && url.includes('/members/')
          ? { member: true, role: 'participant' }
          : internal && url.endsWith('/revision')
            ? { revision: 0 }
            : null;
    res
      .writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => jwksServer!.listen(0, '127.0.0.1', resolve));
  const authUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;

  const tokens: string[] = new Array<string>(SOCKETS);
  const signFailures = await pool(SOCKETS, 100, async (i) => {
    tokens[i] = (await issuer.user({ id: `bench-u${i}` }, { expiresIn: '1h' })).token;
  });
  if (signFailures.length > 0) throw signFailures[0]!;
  step(`${SOCKETS} accounts written and tokens signed`);

  const url = await startGateway(authUrl);
  step(`gateway pid ${gateway!.pid} at ${url}`);
  await sleep(2_000);
  const before = await stats(true);
  const rssBefore = procRss();

  // Receipt times of the broadcast under way, per big-session subscriber.
  let round: { received: number; last: number; done: () => void } | undefined;
  let stray = 0;
  const connectStart = performance.now();
  const failures = await pool(SOCKETS, 200, async (i) => {
    if (Date.now() - started > DEADLINE_MS) throw new Error('deadline');
    const client = await openSubscribed({
      url,
      localAddress: loopbackAddress(Math.floor(i / PER_IP)),
      sessionId: sessionOf(i),
      token: tokens[i]!,
      timeoutMs: 15_000,
      onFrame: (frame) => {
        if (i >= BIG || frame.type !== 'refresh-session' || !round) return void stray++;
        round.last = performance.now();
        if (++round.received === BIG) round.done();
      },
    });
    clients.push(client);
  });
  const connectS = (performance.now() - connectStart) / 1000;
  if (failures.length > 0) {
    const kinds = new Map<string, number>();
    for (const err of failures)
      kinds.set(
        err.message.replace(/\d+(\.\d+)*/g, 'N'),
        (kinds.get(err.message.replace(/\d+(\.\d+)*/g, 'N')) ?? 0) + 1,
      );
    console.error('failed sockets:', Object.fromEntries(kinds));
  }
  step(`${clients.length} subscribed in ${connectS.toFixed(1)} s (${failures.length} failed)`);
  if (clients.length < BIG) throw new Error('too few sockets subscribed to go on');
  const counted = await countedSockets();

  await sleep(5_000); // idle: handshake buffers and subscribe work released
  const after = await stats(true);
  const rssAfter = procRss();
  step(`idle: gateway RSS ${mib(rssAfter).toFixed(1)} MiB (counted in Redis: ${counted})`);

  const latencies: number[] = [];
  let missed = 0;
  const cpuStart = await stats(false);
  const phaseStart = performance.now();
  for (let i = 0; i < BROADCASTS && left() > 30_000; i++) {
    const t0 = performance.now();
    const all = new Promise<void>((resolve) => (round = { received: 0, last: t0, done: resolve }));
    await publishSessionNudge(redis, prefix, 'bench-big', {
      type: 'refresh-session',
      sessionId: 'bench-big',
    });
    const ok = await within(all, 2_000, 'broadcast').then(
      () => true,
      () => false,
    );
    if (ok) latencies.push(round!.last - t0);
    else missed++;
    round = undefined;
  }
  const phaseMs = performance.now() - phaseStart;
  const cpuEnd = await stats(false);
  const gatewayCpuMs =
    (cpuEnd.cpuUserUs + cpuEnd.cpuSystemUs - cpuStart.cpuUserUs - cpuStart.cpuSystemUs) / 1000;
  step(
    `${latencies.length} broadcasts in ${(phaseMs / 1000).toFixed(2)} s (${missed} missed, ${stray} stray frames)`,
  );

  const sockets = clients.length;
  const bytesPerSocket = Math.round((rssAfter - rssBefore) / sockets);
  const heapPerSocket = Math.round((after.heapUsed - before.heapUsed) / sockets);
  latencies.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const result = {
    sockets,
    sessions: SESSIONS,
    socketsRequested: SOCKETS,
    failedSockets: failures.length,
    perAddress: PER_IP,
    sourceAddresses: Math.ceil(SOCKETS / PER_IP),
    countedByGateway: counted,
    /** Extensions the gateway accepted (the clients offer permessage-deflate, as browsers do). */
    extensions: clients[0]!.ws.extensions || 'none',
    connectSeconds: round2(connectS),
    rssBeforeMiB: round2(mib(rssBefore)),
    rssAfterMiB: round2(mib(rssAfter)),
    heapUsedBeforeMiB: round2(mib(before.heapUsed)),
    heapUsedAfterMiB: round2(mib(after.heapUsed)),
    bytesPerSocket,
    kibPerSocket: round2(bytesPerSocket / 1024),
    heapBytesPerSocket: heapPerSocket,
    targetKibPerSocket: 40,
    withinTarget: bytesPerSocket / 1024 <= 40,
    broadcast: {
      subscribers: BIG,
      count: latencies.length,
      missed,
      p50Ms: round2(quantile(latencies, 0.5)),
      p95Ms: round2(quantile(latencies, 0.95)),
      p99Ms: round2(quantile(latencies, 0.99)),
      maxMs: round2(latencies.at(-1) ?? Number.NaN),
      phaseMs: round2(phaseMs),
    },
    gatewayCpuMs: round2(gatewayCpuMs),
    benchSeconds: round2((Date.now() - started) / 1000),
    date: new Date().toISOString(),
    node: process.version,
  };
  return result;
}

function print(result: Awaited<ReturnType<typeof run>>): void {
  const b = result.broadcast;
  const rows: [string, string][] = [
    [
      'sockets (sessions)',
      `${result.sockets} (${result.sessions}), ${result.failedSockets} failed`,
    ],
    [
      'source addresses',
      `${result.sourceAddresses} × ≤ ${result.perAddress} (WS_MAX_CONNECTIONS_PER_IP default kept)`,
    ],
    ['websocket extensions', `${result.extensions} (permessage-deflate offered)`],
    ['gateway RSS before → after', `${result.rssBeforeMiB} → ${result.rssAfterMiB} MiB`],
    ['gateway heap before → after', `${result.heapUsedBeforeMiB} → ${result.heapUsedAfterMiB} MiB`],
    [
      'RSS per socket',
      `${result.kibPerSocket} KiB (${result.withinTarget ? 'within' : 'OVER'} the 40 KiB target)`,
    ],
    ['heap per socket', `${(result.heapBytesPerSocket / 1024).toFixed(2)} KiB`],
    [
      `broadcast to ${b.subscribers}: p50/p95/p99`,
      `${b.p50Ms} / ${b.p95Ms} / ${b.p99Ms} ms (max ${b.maxMs}, ${b.count} sent, ${b.missed} missed)`,
    ],
    ['gateway CPU, broadcasts', `${result.gatewayCpuMs} ms over ${b.phaseMs} ms`],
    ['bench took', `${result.benchSeconds} s`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}

try {
  const result = await run();
  await cleanUp();
  print(result);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${path.relative(repoRoot, OUT)}`);
} catch (err) {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
}
clearTimeout(deadline);
