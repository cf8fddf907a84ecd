import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { chunkFiles, eagerLazyChunks, routePageHtml } from './route-html-plugin';

const chunk = (fileName: string, imports: string[], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\/|\.js$/g, ''),
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

describe('route pages', () => {
  it('lists a route chunk, its static imports (recursively, once) and their CSS', () => {
    const bundle = {
      'assets/s.js': chunk(
        'assets/s.js',
        ['assets/vendor.js', 'assets/position.js'],
        ['assets/s.css'],
      ),
      'assets/position.js': chunk(
        'assets/position.js',
        ['assets/vendor.js'],
        ['assets/position.css'],
      ),
      'assets/vendor.js': chunk('assets/vendor.js', ['assets/s.js']),
    } as unknown as Rollup.OutputBundle;
    expect(chunkFiles(bundle, 'assets/s.js')).toEqual([
      'assets/s.js',
      'assets/vendor.js',
      'assets/position.js',
      'assets/s.css',
      'assets/position.css',
    ]);
  });

  it('names the lazy chunks a page would load at once (a static import pulled them in)', () => {
    const bundle = {
      'assets/session.js': chunk('assets/session.js', ['assets/vendor.js']),
      'assets/vendor.js': chunk('assets/vendor.js', []),
      'assets/session-below.js': chunk('assets/session-below.js', ['assets/session.js']),
    } as unknown as Rollup.OutputBundle;
    const lazy = ['session-below'];
    expect(eagerLazyChunks(bundle, chunkFiles(bundle, 'assets/session.js'), lazy)).toEqual([]);

    (bundle['assets/session.js'] as Rollup.OutputChunk).imports.push('assets/session-below.js');
    expect(eagerLazyChunks(bundle, chunkFiles(bundle, 'assets/session.js'), lazy)).toEqual([
      'assets/session-below.js',
    ]);
  });

  it('adds preload links for what index.html does not link yet, before </head>', () => {
    const index =
      '<html><head>\n    <script type="module" src="/assets/vendor.js"></script>\n  </head><body></body></html>';
    const page = routePageHtml(index, ['assets/s.js', 'assets/vendor.js', 'assets/s.css']);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/s.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/s.css">');
    expect(page.match(/assets\/vendor\.js/g)).toHaveLength(1);
    expect(page.indexOf('/assets/s.css')).toBeLessThan(page.indexOf('</head>'));
  });

  it('puts the inline script before the first script, and refuses one that could close its tag', () => {
    const index =
      '<html><head>\n    <title>x</title>\n    <script type="module" src="/assets/vendor.js"></script>\n  </head></html>';
    const page = routePageHtml(index, ['assets/s.js'], 'window.a=1');
    expect(page).toContain(
      '<title>x</title>\n    <script>window.a=1</script>\n    <script type="module"',
    );
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(routePageHtml(index, ['assets/s.js'])).not.toContain('<script>');
    expect(() => routePageHtml(index, [], 'a="</script>"')).toThrow(/inline script/);
  });
});
