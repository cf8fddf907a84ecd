// What a failed scenario prints besides its numbers: the route-matrix queue and the event-stream
// groups as Redis holds them, and the stack's distinct error lines, so a failure in CI explains itself.
import { execFileSync } from 'node:child_process';
import type { Launched } from './stack.js';

const PREFIX = 'faults';

function cli(url: string, ...args: string[]): string {
  try {
    return execFileSync('redis-cli', ['-u', url, '--raw', ...args], {
      encoding: 'utf8',
      timeout: 5_000,
    })
      .trim()
      .replace(/\n/g, ' ');
  } catch (error) {
    return `(redis-cli ${args.join(' ')} failed: ${(error as Error).message.split('\n')[0]})`;
  }
}

function scan(url: string, pattern: string): string[] {
  return cli(url, '--scan', '--pattern', pattern).split(' ').filter(Boolean);
}

function curl(url: string): string {
  try {
    return execFileSync('curl', ['-s', '--max-time', '5', url], {
      encoding: 'utf8',
      timeout: 6_000,
    });
  } catch (error) {
    return `(curl ${url} failed: ${(error as Error).message.split('\n')[0]})`;
  }
}

/** The route-matrix queue's lists and deduplication keys, each stream's groups, and the stack's errors. */
export function diagnose(stack: Launched, redisUrl: string): string {
  const lines: string[] = ['--- diagnosis ---'];
  const bull = `{${PREFIX}}:bull:route-matrix`;
  for (const list of ['wait', 'active', 'paused'])
    lines.push(`${list}: ${cli(redisUrl, 'LRANGE', `${bull}:${list}`, '0', '20')}`);
  for (const zset of ['delayed', 'prioritized', 'failed', 'completed']) {
    lines.push(
      `${zset}: ${cli(redisUrl, 'ZCARD', `${bull}:${zset}`)} · last ${cli(redisUrl, 'ZRANGE', `${bull}:${zset}`, '-3', '-1', 'WITHSCORES')}`,
    );
  }
  const dedup = scan(redisUrl, `${bull}:de:*`);
  for (const key of dedup.slice(0, 10)) {
    const id = cli(redisUrl, 'GET', key).replace(/"/g, '');
    lines.push(
      `${key} → job ${id} (ttl ${cli(redisUrl, 'PTTL', key)}): ${cli(redisUrl, 'HMGET', `${bull}:${id}`, 'finishedOn', 'processedOn', 'failedReason', 'stc', 'atm', 'defa')}`,
    );
  }
  for (const stream of ['travel.computed', 'usage.recorded']) {
    const key = `${PREFIX}:stream:${stream}`;
    lines.push(
      `${key}: len ${cli(redisUrl, 'XLEN', key)}; last ${cli(redisUrl, 'XREVRANGE', key, '+', '-', 'COUNT', '1').slice(0, 300)}; groups ${cli(redisUrl, 'XINFO', 'GROUPS', key)}`,
    );
  }
  // The services' own counters: route jobs by outcome, and each outbox's backlog.
  for (const [name, pattern] of [
    ['routing-worker', /^routing_(jobs|published)_total/],
    ['session', /^outbox_/],
  ] as const) {
    const port = new RegExp(`^\\s+${name}\\s+http://127\\.0\\.0\\.1:(\\d+)`, 'm').exec(
      stack.output(),
    )?.[1];
    if (!port) continue;
    const metrics = curl(`http://127.0.0.1:${port}/metrics`);
    lines.push(
      `${name} metrics: ${metrics
        .split('\n')
        .filter((l) => pattern.test(l))
        .join(' · ')}`,
    );
  }
  const errors = stack
    .output()
    .split('\n')
    .filter((l) => /ERROR|WARN|exited|restarting/.test(l));
  lines.push(
    `stack errors (${errors.length}, distinct last 40):`,
    ...[...new Set(errors)].slice(-40),
  );
  return lines.join('\n');
}
