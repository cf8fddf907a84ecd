// styles.css cannot read NARROW_LAYOUT_PX: this keeps its shell breakpoint in step with the spec.
import { readFileSync } from 'node:fs';
import { NARROW_LAYOUT_PX } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The bodies of every `@media <query> { … }` block in the stylesheet. */
function mediaBlocks(query: string): string[] {
  const blocks: string[] = [];
  let from = 0;
  for (;;) {
    const at = css.indexOf(`@media ${query} {`, from);
    if (at < 0) return blocks;
    const open = css.indexOf('{', at);
    let depth = 0;
    let end = open;
    for (; end < css.length; end++) {
      if (css[end] === '{') depth++;
      else if (css[end] === '}' && --depth === 0) break;
    }
    blocks.push(css.slice(open + 1, end));
    from = end;
  }
}

describe('the shell layout', () => {
  const wide = mediaBlocks(`(min-width: ${NARROW_LAYOUT_PX}px)`).join('\n');

  it(`hides the bottom bar and shows the header links from ${NARROW_LAYOUT_PX} px up`, () => {
    expect(wide).toMatch(/\.bottom-bar\s*\{\s*display:\s*none;/);
    expect(wide).toMatch(/\.header-nav\s*\{\s*display:\s*flex;/);
    expect(css).toMatch(/^\.header-nav\s*\{\s*display:\s*none;/m);
  });

  it("keeps the bar's height and the safe-area inset free under the page on narrow screens", () => {
    expect(css).toMatch(
      /^\.app-main\s*\{[^}]*padding-bottom:\s*calc\(var\(--bar-height\) \+ env\(safe-area-inset-bottom\)\);/m,
    );
    expect(css).toMatch(
      /^\.bottom-bar\s*\{[^}]*height:\s*calc\(var\(--bar-height\) \+ env\(safe-area-inset-bottom\)\);/m,
    );
  });
});
