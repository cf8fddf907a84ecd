// One stack per DATA_DIR: two processes on one PGlite directory lose acknowledged writes.
// The lock is a directory (DATA_DIR/launcher.lock, proper-lockfile) whose mtime the launcher
// refreshes; one left by a launcher that was SIGKILLed goes stale after `staleMs` and is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export const LOCK_NAME = 'launcher.lock';
/** Who holds the lock, for the message a second stack prints. */
const OWNER_NAME = 'launcher.owner.json';

export interface LockOwner {
  pid: number;
  url: string;
  startedAt: string;
}

export interface DataLockOptions {
  /** How long a lock nobody refreshes stays valid (default 10 s: longer than the children take to stop). */
  staleMs?: number;
  /** Called when the lock was lost (its directory removed or taken over): the stack must stop. */
  onCompromised?: (error: Error) => void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, OWNER_NAME), 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

export function lockedMessage(dataDir: string, owner: LockOwner | undefined): string {
  const who = owner
    ? ` (launcher pid ${owner.pid}, serving ${owner.url} since ${owner.startedAt})`
    : '';
  return (
    `DATA_DIR ${dataDir} is in use by another OneETA stack${who}. Two stacks on one data ` +
    `directory lose data: stop that one first, or give this one its own: DATA_DIR=.data-2 PORT=8081 pnpm start`
  );
}

/**
 * Takes the lock on `dataDir` (which must exist) for this process; resolves to its release.
 * Refuses at once when a live launcher holds it; waits for the lock of a dead one to go stale.
 */
export async function lockDataDir(
  dataDir: string,
  owner: Omit<LockOwner, 'pid' | 'startedAt'>,
  { staleMs = 10_000, onCompromised }: DataLockOptions = {},
  onWait?: (message: string) => void,
): Promise<() => Promise<void>> {
  const options = {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    stale: staleMs,
    realpath: false,
    onCompromised:
      onCompromised ??
      ((error: Error) => {
        throw error;
      }),
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = readLockOwner(dataDir);
    if (!holder || isAlive(holder.pid)) throw new Error(lockedMessage(dataDir, holder));
    onWait?.(
      `DATA_DIR ${dataDir} was locked by launcher pid ${holder.pid}, which is gone: taking the lock over once it is stale (≤ ${Math.ceil(staleMs / 1000)} s)`,
    );
    const retries = {
      retries: Math.ceil((staleMs * 2) / 500),
      minTimeout: 500,
      maxTimeout: 500,
      factor: 1,
    };
    try {
      release = await lockfile.lock(dataDir, { ...options, retries });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw new Error(lockedMessage(dataDir, readLockOwner(dataDir)));
    }
  }
  const mine: LockOwner = { ...owner, pid: process.pid, startedAt: new Date().toISOString() };
  writeFileSync(path.join(dataDir, OWNER_NAME), `${JSON.stringify(mine)}\n`);
  return async () => {
    rmSync(path.join(dataDir, OWNER_NAME), { force: true });
    await release();
  };
}
