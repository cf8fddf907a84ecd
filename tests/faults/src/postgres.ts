// A throwaway PostgreSQL cluster for one scenario (initdb + pg_ctl in a temporary directory, on a
// free port, trust authentication). As root (CI), it runs as the postgres user, which owns the directory.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@oneeta/scripts/ports';

export interface TestPostgres {
  url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: every connection drops at once, like a crash. */
  stop(): void;
  destroy(): void;
}

/** The newest /usr/lib/postgresql/<version>/bin with initdb, or what is on PATH. */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(base, versions[0], 'bin') : '';
}

/** A cluster in its own temporary directory (directly under the temp dir, so postgres can reach it). */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-fault-pg-'));
  const bin = binDir();
  const port = await findFreePort();
  const data = path.join(dir, 'pgdata');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const file = bin ? path.join(bin, tool) : tool;
    const [cmd, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    execFileSync(cmd, all, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  };
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pg: TestPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run('pg_ctl', [
        '-D',
        data,
        '-w',
        '-l',
        path.join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    destroy: () => {
      try {
        pg.stop();
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
