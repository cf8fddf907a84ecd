// runService and main as a process: a child of the launcher stops when the launcher's pipe closes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const kitDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A service built on main/runService; prints 'listening <port>' and 'closed' from its onClose hook. */
function startService(env: Record<string, string>) {
  const code = `
    import Fastify from 'fastify';
    import { main, runService } from ${JSON.stringify(path.join(kitDir, 'src/lifecycle.ts'))};
    main(async () => {
      const app = Fastify();
      app.get('/', async () => ({ ok: true }));
      app.addHook('onClose', async () => console.log('closed'));
      await runService({ app, port: 0, host: '127.0.0.1' });
      console.log('listening ' + app.server.address().port);
    });`;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: kitDir,
    env: { ...process.env, ...env, PORT_FILE: '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(proc, 'exit').then(([code, signal]) => ({ code, signal }));
  return { proc, exited, output: () => out };
}

describe('a service whose launcher dies', () => {
  it('closes gracefully and exits 0 when its stdin closes, with EXIT_WHEN_STDIN_CLOSES=1', async () => {
    const service = startService({ EXIT_WHEN_STDIN_CLOSES: '1' });
    await expect.poll(service.output, { timeout: 20_000 }).toContain('listening');
    service.proc.stdin.end(); // what the kernel does when the launcher is SIGKILLed
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.output()).toContain('closed');
  });

  it('takes the SIGTERM that follows (the watchdog’s) as no second signal', async () => {
    const service = startService({ EXIT_WHEN_STDIN_CLOSES: '1' });
    await expect.poll(service.output, { timeout: 20_000 }).toContain('listening');
    service.proc.stdin.end();
    service.proc.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.output()).toContain('closed');
  });

  it('keeps serving when its stdin closes without EXIT_WHEN_STDIN_CLOSES (a container, a terminal)', async () => {
    const service = startService({ EXIT_WHEN_STDIN_CLOSES: '' });
    await expect.poll(service.output, { timeout: 20_000 }).toContain('listening');
    const port = /listening (\d+)/.exec(service.output())![1];
    service.proc.stdin.end();
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    service.proc.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });
});
