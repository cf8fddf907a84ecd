/**
 * The gateway exactly as `src/main.ts` starts it, for `pnpm bench:ws`: forked by the bench with an
 * IPC channel, it answers `{ type: 'stats', gc?: true }` with its own memory and CPU use, after a
 * full garbage collection when asked (the bench starts it with --expose-gc).
 */
interface StatsRequest {
  type: 'stats';
  gc?: boolean;
}

export interface GatewayStats {
  type: 'stats';
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** process.cpuUsage(), microseconds. */
  cpuUserUs: number;
  cpuSystemUs: number;
}

process.on('message', (message: StatsRequest) => {
  if (message?.type !== 'stats') return;
  if (message.gc && gc) {
    gc();
    gc(); // a second pass collects what the first one's finalizers released
  }
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const stats: GatewayStats = {
    type: 'stats',
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    cpuUserUs: cpu.user,
    cpuSystemUs: cpu.system,
  };
  process.send?.(stats);
});

await import('../src/main.js');
