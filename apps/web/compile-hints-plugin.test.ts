import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { addCompileHints, COMPILE_HINT } from './compile-hints-plugin';

const chunk = (name: string, code: string) =>
  ({ type: 'chunk', name, fileName: `assets/${name}-x.js`, code }) as Rollup.OutputChunk;
const map = (fileName: string, mappings: string) =>
  ({
    type: 'asset',
    fileName,
    source: JSON.stringify({ version: 3, mappings }),
  }) as Rollup.OutputAsset;

describe('compile hints', () => {
  it('puts the hint on the first line of the named chunks only, and shifts their maps by a line', () => {
    const bundle = {
      'assets/vendor-x.js': chunk('vendor', 'const __vite__mapDeps=1;\nexport{}'),
      'assets/vendor-x.js.map': map('assets/vendor-x.js.map', 'AAAA;AACA'),
      'assets/admin-x.js': chunk('admin', 'export{}'),
      'assets/admin-x.js.map': map('assets/admin-x.js.map', 'AAAA'),
    } as Rollup.OutputBundle;
    addCompileHints(bundle, new Set(['vendor']));

    const vendor = bundle['assets/vendor-x.js'] as Rollup.OutputChunk;
    expect(vendor.code.split('\n')).toEqual([COMPILE_HINT, 'const __vite__mapDeps=1;', 'export{}']);
    const vendorMap = bundle['assets/vendor-x.js.map'] as Rollup.OutputAsset;
    expect(JSON.parse(vendorMap.source as string).mappings).toBe(';AAAA;AACA');
    expect((bundle['assets/admin-x.js'] as Rollup.OutputChunk).code).toBe('export{}');
    expect(
      JSON.parse((bundle['assets/admin-x.js.map'] as Rollup.OutputAsset).source as string).mappings,
    ).toBe('AAAA');

    // A second pass (a rebuild of the same bundle) does not add another line.
    addCompileHints(bundle, new Set(['vendor']));
    expect(vendor.code.split('\n')).toHaveLength(3);
  });

  it('fails the build when a named chunk does not exist (a renamed group would lose its hint)', () => {
    const bundle = { 'assets/app-x.js': chunk('app', 'export{}') } as Rollup.OutputBundle;
    expect(() => addCompileHints(bundle, new Set(['app', 'sesion']))).toThrow(/sesion/);
  });
});
