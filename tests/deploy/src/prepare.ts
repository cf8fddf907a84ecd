// Before the stack starts: the stand-in base images (infra/local-base/build.sh builds only the tags
// missing, from the machine's apt mirror and the npm registry), then every service image
// (`pnpm images`, scripts/images.ts). Their output goes to a log file; a failure prints its tail.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCKER } from './compose.js';

function runLogged(command: string, args: string[], cwd: string, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' });
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, DOCKER },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      out.end();
      if (code === 0) resolve();
      else {
        const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
        reject(
          new Error(`${command} ${args.join(' ')} exited ${code}; the end of ${log}:\n${tail}`),
        );
      }
    });
  });
}

export interface Prepared {
  baseSeconds: number;
  imageSeconds: number;
}

export async function prepareImages(root: string, logDir: string): Promise<Prepared> {
  const log = path.join(logDir, 'images.log');
  const t0 = Date.now();
  await runLogged('bash', ['infra/local-base/build.sh'], root, log);
  const t1 = Date.now();
  await runLogged(process.execPath, ['--import', 'tsx', 'scripts/images.ts'], root, log);
  return { baseSeconds: (t1 - t0) / 1000, imageSeconds: (Date.now() - t1) / 1000 };
}

/** Each service image's size in MB, from the engine. */
export async function imageSizes(
  docker: (...args: string[]) => Promise<string>,
  names: string[],
  prefix = 'oneeta-',
): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const name of names) {
    const bytes = Number(
      (await docker('image', 'inspect', '--format', '{{.Size}}', `${prefix}${name}:latest`)).trim(),
    );
    sizes[name] = Math.round(bytes / 1e6);
  }
  return sizes;
}
