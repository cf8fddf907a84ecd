// Finding the processes of one stack by what is in their environment (e.g. its DATA_DIR), via /proc.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  cmdline: string;
}

function read(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

/** Every live process but this one (zombies excluded). */
export function listProcesses(): (ProcessInfo & { environ: string[] })[] {
  const found: (ProcessInfo & { environ: string[] })[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const stat = read(pid, 'stat');
    if (!stat) continue;
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') continue;
    found.push({
      pid,
      ppid: Number(ppid),
      cmdline: (read(pid, 'cmdline') ?? '').split('\0').join(' ').trim(),
      environ: (read(pid, 'environ') ?? '').split('\0'),
    });
  }
  return found;
}

/** Live processes whose environment has `key=value`: what a stack started with that DATA_DIR, say. */
export function processesWithEnv(key: string, value: string): ProcessInfo[] {
  return listProcesses()
    .filter((p) => p.environ.includes(`${key}=${value}`))
    .map(({ pid, ppid, cmdline }) => ({ pid, ppid, cmdline }));
}
