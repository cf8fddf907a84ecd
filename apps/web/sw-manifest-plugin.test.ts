import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  injectManifest,
  MANIFEST_MARKER,
  precacheManifest,
  staleAssets,
} from './sw-manifest-plugin.js';

describe('service worker precache manifest', () => {
  it('lists the shell and every built file, not source maps nor the worker itself', () => {
    const manifest = precacheManifest([
      'assets/index-abc.js',
      'assets/index-abc.js.map',
      'assets/index-def.css',
      'index.html',
      'sw.js',
      'favicon.svg',
    ]);
    expect(manifest.urls).toEqual([
      '/index.html',
      '/assets/index-abc.js',
      '/assets/index-def.css',
      '/favicon.svg',
    ]);
    expect(manifest.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('leaves the lazily loaded Azure Maps SDK, MapLibre, ACS SDK and admin portal chunks out of the precache', () => {
    const { urls } = precacheManifest([
      'assets/index-a1.js',
      'assets/azure-adapter-b2.js',
      'assets/azure-adapter-b2.css',
      'assets/maplibre-adapter-f6.js',
      'assets/maplibre-adapter-f6.css',
      'assets/maplibre-gl-worker-a7.mjs',
      'assets/admin-c3.js',
      'assets/acs-chat-d4.js',
      'assets/acs-calling-e5.js',
    ]);
    expect(urls).toEqual(['/index.html', '/assets/index-a1.js']);
  });

  it('changes its version when a hashed file changes, and only then', () => {
    const a = precacheManifest(['assets/a-1.js', 'index.html']);
    expect(precacheManifest(['index.html', 'assets/a-1.js']).version).toBe(a.version);
    expect(precacheManifest(['assets/a-2.js', 'index.html']).version).not.toBe(a.version);
  });

  it('is written into public/sw.js at its marker', () => {
    const source = readFileSync(new URL('./public/sw.js', import.meta.url), 'utf8');
    expect(source).toContain(MANIFEST_MARKER);
    const out = injectManifest(source, { version: 'v1', urls: ['/index.html'] });
    expect(out).toContain('const MANIFEST = {"version":"v1","urls":["/index.html"]};');
    expect(() => injectManifest(out, { version: 'v2', urls: [] })).toThrow(/marker/);
  });

  it('keeps API calls and the websocket out of the cache, and handles push', () => {
    const source = readFileSync(new URL('./public/sw.js', import.meta.url), 'utf8');
    const never = /const NEVER_CACHED = (\/.*\/);/.exec(source)?.[1];
    expect(never).toBeDefined();
    const pattern = new Function(`return ${never}`)() as RegExp;
    for (const path of ['/api/health', '/api/sessions/mine', '/ws', '/ws/x']) {
      expect(pattern.test(path), path).toBe(true);
    }
    for (const path of ['/', '/sessions', '/assets/index-abc.js', '/apiary']) {
      expect(pattern.test(path), path).toBe(false);
    }
    expect(source).toContain("self.addEventListener('push'");
    expect(source).toContain('showNotification');
  });
});

describe('dist hygiene', () => {
  it('removes only assets the current build did not emit', () => {
    expect(
      staleAssets(
        ['assets/index-old.js', 'assets/index-new.js', 'assets/index-new.js.map', 'sw.js'],
        ['assets/index-new.js', 'assets/index-new.js.map', 'index.html'],
      ),
    ).toEqual(['assets/index-old.js']);
  });
});
