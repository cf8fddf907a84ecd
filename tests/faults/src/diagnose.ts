// What a failed scenario prints besides its numbers: the route-matrix queue and the event-stream
// groups as Redis holds them, and the stack's distinct error lines, so a failure in CI explains itself.
import { execFileSync } from 'node:child_process';
import type { Launched } from './stack.js';

const PREFIX = 'faults';

function cli(url: string, ...args: string[]): string {
  try {
    return execFileSync('redis-cli', ['-u', url, '--no-raw', ...args], { encoding: 'utf8', timeout: 5_000 }).trim();
  } catch (error) {
    return `(redis-cli ${args.join(' ')} failed: ${(error as Error).message.split('\n')[0]})`;
  }
}

/** The route-matrix queue's lists and deduplication keys, each stream's groups, and the stack's errors. */
export function diagnose(stack: Launched, redisUrl: string): string {
  const lines: string[] = ['--- diagnosis ---'];
  const bull = `${PREFIX}:bull:route-matrix`;
  for (const list of ['wait', 'active', 'paused']) lines.push(`${list}: ${cli(redisUrl, 'LRANGE', `${bull}:${list}`, '0', '20')}`);
  for (const zset of ['delayed', 'prioritized', 'failed', 'completed']) {
    lines.push(`${zset}: ${cli(redisUrl, 'ZCARD', `${bull}:${zset}`)} · last ${cli(redisUrl, 'ZRANGE', `${bull}:${zset}`, '-3', '-1', 'WITHSCORES')}`);
  }
  const dedup = cli(redisUrl, '--scan', '--pattern', `${bull}:de:*`).split('\n').filter(Boolean);
  for (const key of dedup.slice(0, 10)) {
    const id = cli(redisUrl, 'GET', key).replace(/"/g, '');
    lines.push(`${key} → job ${id} (ttl ${cli(redisUrl, 'PTTL', key)}): ${cli(redisUrl, 'HMGET', `${bull}:${id}`, 'finishedOn', 'processedOn', 'failedReason', 'stc', 'atm', 'defa')}`);
  }
  for (const stream of cli(redisUrl, '--scan', '--pattern', `${PREFIX}:stream:*`).split('\n').filter(Boolean).slice(0, 20)) {
    lines.push(`${stream}: len ${cli(redisUrl, 'XLEN', stream)}; groups ${cli(redisUrl, 'XINFO', 'GROUPS', stream).replace(/\s+/g, ' ')}`);
  }
  const errors = stack
    .output()
    .split('\n')
    .filter((l) => /ERROR|WARN|exited|restarting/.test(l));
  lines.push(`stack errors (${errors.length}, distinct last 40):`, ...[...new Set(errors)].slice(-40));
  return lines.join('\n');
}
