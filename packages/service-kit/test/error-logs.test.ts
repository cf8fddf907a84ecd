/**
 * Issue 11, item 9: error logs carried the parameters of failed queries (argon2 hashes, invite
 * codes, exact coordinates), since drizzle's message is 'Failed query: … params: …'. A real failing
 * query with a secret parameter is logged by type, code and message only.
 */
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serializeError } from '../src/errors.js';
import { createHttpApp, type App } from '../src/http.js';
import { createTestDatabase, type TestDatabase, type TestEngine } from '../src/testing.js';

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const SECRET = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$secret-hash-47.6097-122.3422';

describe.each<TestEngine>(['pglite', 'postgres'])('error logs on %s', (engine) => {
  let db: TestDatabase;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase({ schema: 'kit_test', migrationsFolder }, engine);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = createHttpApp({ name: 'logs-test', logLevel: 'info', metrics: false, logStream });
    app.post('/duplicate', async () => {
      await db.db.execute(sql`insert into kit_test.notes (id, body) values (1, ${SECRET})`);
      await db.db.execute(sql`insert into kit_test.notes (id, body) values (1, ${SECRET})`);
      return { ok: true };
    });
    app.get('/cast', async () => db.db.execute(sql`select ${SECRET}::int as n`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it.each([
    [
      'a unique violation',
      'POST',
      '/duplicate',
      '23505',
      /duplicate key value violates unique constraint/,
    ],
    [
      'a bad cast (whose message quotes the input)',
      'GET',
      '/cast',
      '22P02',
      /invalid input syntax for type integer: "…"/,
    ],
  ] as const)(
    'logs %s by type, code and driver message, never the query parameters',
    async (_label, method, url, code, message) => {
      lines.length = 0;
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong', code: 'internal' });
      const line = await vi.waitFor(() => {
        const found = lines.find((l) => l.includes('request failed'));
        if (!found) throw new Error('no "request failed" line yet');
        return found;
      });
      const logged = JSON.parse(line) as {
        err: { type: string; code: string; message: string; stack: string };
      };
      expect(logged.err.code).toBe(code);
      expect(logged.err.message).toMatch(message);
      expect(logged.err.message).not.toMatch(/Failed query|params/);
      expect(logged.err.stack).toMatch(/^\s+at /);
      expect(lines.join('\n')).not.toContain('secret-hash');
      expect(lines.join('\n')).not.toContain('argon2id');
    },
  );
});

describe('serializeError', () => {
  it('keeps no own property of an error (params, detail, query) and no message line in the stack', () => {
    const err = Object.assign(new Error('Failed query: select $1\nparams: hunter2'), {
      params: ['hunter2'],
      detail: 'Key (code)=(hunter2) already exists.',
      query: 'select $1',
    });
    const logged = serializeError(err);
    expect(JSON.stringify(logged)).not.toContain('hunter2');
    expect(logged).toMatchObject({ type: 'Error', message: 'Failed query' });
  });

  it('logs a thrown non-Error by its type only', () => {
    expect(serializeError({ password: 'hunter2' })).toEqual({
      type: 'object',
      message: 'A non-Error value was thrown',
      stack: '',
    });
  });
});

describe('request logs', () => {
  it('show the URL without invite codes or token-like query values', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const app = createHttpApp({ name: 'url-logs', logLevel: 'info', metrics: false, logStream });
    app.get('/api/sessions/:id/invite/:code', async () => ({ ok: true }));
    try {
      await app.inject({
        url: '/api/sessions/abc2345/invite/InviteCodeSecret42?token=TokenSecret&Code=CodeSecret&limit=5',
      });
      const line = await vi.waitFor(() => {
        const found = lines.find((l) => l.includes('incoming request'));
        if (!found) throw new Error('no "incoming request" line yet');
        return found;
      });
      expect((JSON.parse(line) as { req: { url: string } }).req.url).toBe(
        '/api/sessions/abc2345/invite/…?token=…&Code=…&limit=5',
      );
      expect(lines.join('\n')).not.toMatch(/Secret/);
    } finally {
      await app.close();
    }
  });
});
