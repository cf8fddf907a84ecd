import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db.js';
import pg from 'pg';
import { createTestDatabase, testPostgresUrl, type TestEngine } from '../src/testing.js';

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const kit = pgSchema('kit_test');
const notes = kit.table('notes', { id: serial('id').primaryKey(), body: text('body').notNull() });

describe.each<TestEngine>(['pglite', 'postgres'])('database layer on %s', (engine) => {
  it('runs migrations into the service schema and queries through drizzle', async () => {
    const handle = await createTestDatabase({ schema: 'kit_test', migrationsFolder }, engine);
    try {
      expect(handle.engine).toBe(engine);
      await handle.ping();
      await handle.db.insert(notes).values([{ body: 'first' }, { body: 'second' }]);
      const rows = await handle.db.select().from(notes).orderBy(notes.id);
      expect(rows.map((row) => row.body)).toEqual(['first', 'second']);
      // Both drivers answer raw SQL with { rows }.
      const applied = (await handle.db.execute(
        sql`select count(*)::int as n from kit_test.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows).toEqual([{ n: 1 }]);
    } finally {
      await handle.destroy();
    }
  });
});

describe('two replicas starting together on PostgreSQL', () => {
  it('take turns migrating: both start, and each migration is applied once', async () => {
    const server = testPostgresUrl();
    const name = `t_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const replicas = await Promise.all(
      [1, 2].map(() =>
        openDatabase({ schema: 'kit_test', migrationsFolder, url: url.toString(), poolSize: 2 }),
      ),
    );
    try {
      await replicas[0]!.db.insert(notes).values({ body: 'from one' });
      expect(await replicas[1]!.db.select({ body: notes.body }).from(notes)).toEqual([
        { body: 'from one' },
      ]);
      const applied = (await replicas[1]!.db.execute(
        sql`select count(*)::int as n from kit_test.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('embedded PGlite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps data across restarts and does not re-run applied migrations', async () => {
    const first = await openDatabase({ schema: 'kit_test', migrationsFolder, dataDir: dir });
    await first.db.insert(notes).values({ body: 'kept' });
    await first.close();
    const second = await openDatabase({ schema: 'kit_test', migrationsFolder, dataDir: dir });
    const rows = await second.db.select({ body: notes.body }).from(notes);
    expect(rows).toEqual([{ body: 'kept' }]);
    await second.close();
  });
});
