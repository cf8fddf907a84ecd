import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress-plugin';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (n: number) => 'const answer = 42; // OneETA\n'.repeat(Math.ceil(n / 29)).slice(0, n);

describe('precompress', () => {
  it('writes .br and .gz copies of text files that decompress to the file, and skips small or binary ones', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = text(20_000);
    writeFileSync(path.join(dir, 'assets/app-abc.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${text(3_000)}`);
    writeFileSync(path.join(dir, 'small.css'), text(MIN_BYTES - 1));
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(5_000, 7));
    writeFileSync(path.join(dir, 'assets/app-abc.js.map'), text(5_000));

    expect(precompress(dir).sort()).toEqual(['assets/app-abc.js', 'index.html']);
    const br = readFileSync(path.join(dir, 'assets/app-abc.js.br'));
    const gz = readFileSync(path.join(dir, 'assets/app-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
    for (const skipped of ['small.css', 'logo.png', 'assets/app-abc.js.map'])
      expect(existsSync(path.join(dir, `${skipped}.br`)), skipped).toBe(false);
  });

  it('removes compressed copies whose file is gone or changed to below the threshold', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    writeFileSync(path.join(dir, 'old.js'), text(4_000));
    writeFileSync(path.join(dir, 'shrinks.css'), text(4_000));
    precompress(dir);
    expect(existsSync(path.join(dir, 'old.js.br'))).toBe(true);
    rmSync(path.join(dir, 'old.js'));
    writeFileSync(path.join(dir, 'shrinks.css'), 'a{}');
    precompress(dir);
    expect(existsSync(path.join(dir, 'old.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'old.js.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'shrinks.css.br'))).toBe(false);
  });
});
