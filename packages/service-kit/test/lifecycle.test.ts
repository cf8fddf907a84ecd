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
      await runService({ app, port: 0, host: '127.0.0.1', drainMs: 0 });
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

describe('a service told to stop (SIGTERM)', () => {
  /** A kit app (createHttpApp) with a slow route, under main/runService. */
  function startKitService(env: Record<string, string>) {
    const code = `
      import { createHttpApp } from ${JSON.stringify(path.join(kitDir, 'src/http.ts'))};
      import { main, runService } from ${JSON.stringify(path.join(kitDir, 'src/lifecycle.ts'))};
      main(async () => {
        const app = createHttpApp({ name: 'drain', logLevel: 'silent', metrics: false });
        app.get('/slow', async () => { await new Promise((r) => setTimeout(r, 800)); return { slow: true }; });
        app.addHook('onClose', async () => console.log('closed'));
        await runService({ app, port: 0, host: '127.0.0.1' });
        console.log('listening ' + app.server.address().port);
      });`;
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: kitDir,
      env: { ...process.env, ...env, PORT_FILE: '', EXIT_WHEN_STDIN_CLOSES: '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = once(proc, 'exit').then(([c, signal]) => ({ code: c, signal }));
    return { proc, exited, output: () => out };
  }

  it('serves on for the keep-alive timeout, each answer closing its connection and /readyz 503, then finishes in-flight requests and exits 0', async () => {
    const service = startKitService({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000' });
    await expect.poll(service.output, { timeout: 20_000 }).toContain('listening');
    const base = `http://127.0.0.1:${/listening (\d+)/.exec(service.output())![1]}`;
    const before = await fetch(`${base}/healthz`);
    expect(before.headers.get('connection')).toBe('keep-alive');
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const stoppedAt = Date.now();
    service.proc.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await fetch(`${base}/healthz`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, draining: true });
    // Sent near the end of the drain, answered after the listener has closed.
    await new Promise((resolve) => setTimeout(resolve, 2000 - (Date.now() - stoppedAt) - 300));
    const slow = await fetch(`${base}/slow`);
    expect(await slow.json()).toEqual({ slow: true });

    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(2000);
    expect(service.output()).toContain('closed');
  });
});
