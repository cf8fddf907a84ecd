// The launcher's watchdog: a tiny process that outlives a launcher killed with SIGKILL (which can
// pass nothing on) and stops what it started. It reads `+<pgid>` / `-<pgid>` lines on stdin, the
// process groups the launcher runs; when stdin closes (the launcher is gone, however it went), it
// sends SIGTERM to every group still listed, then SIGKILL to those still there after the grace.
// Services also stop by themselves when their own stdin closes (service-kit); redis-server and
// `node --watch` do not, hence this.
import { createInterface } from 'node:readline';

const GRACE_MS = Number(process.env.WATCHDOG_GRACE_MS ?? 5000);
const groups = new Set<number>();

function signal(pgid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, name);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

process.on('SIGINT', () => {}); // a Ctrl-C meant for the launcher is not for us
process.on('SIGHUP', () => {});

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const pgid = Number(line.slice(1));
    if (!Number.isInteger(pgid) || pgid <= 1) return;
    if (line.startsWith('+')) groups.add(pgid);
    else if (line.startsWith('-')) groups.delete(pgid);
  })
  .on('close', () => {
    const left = [...groups].filter((pgid) => signal(pgid, 'SIGTERM'));
    if (left.length === 0) process.exit(0);
    process.stderr.write(
      `watchdog | the launcher is gone: stopping ${left.length} process group(s)\n`,
    );
    const deadline = Date.now() + GRACE_MS;
    const timer = setInterval(() => {
      const alive = left.filter((pgid) => signal(pgid, 0));
      if (alive.length > 0 && Date.now() < deadline) return;
      for (const pgid of alive) signal(pgid, 'SIGKILL');
      clearInterval(timer);
      process.exit(0);
    }, 100);
  });
