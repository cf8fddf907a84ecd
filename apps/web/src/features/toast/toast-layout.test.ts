// toast.css cannot read NARROW_LAYOUT_PX: this keeps the narrow (top) placement in step with it.
import { readFileSync } from 'node:fs';
import { NARROW_LAYOUT_PX } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./toast.css', import.meta.url), 'utf8');

describe('toast placement', () => {
  it(`puts toasts at the top under ${NARROW_LAYOUT_PX} px, clear of bottom sheets and the bottom bar`, () => {
    const at = css.indexOf(`@media (max-width: ${NARROW_LAYOUT_PX - 0.02}px) {`);
    expect(at).toBeGreaterThanOrEqual(0);
    const block = css.slice(at, css.indexOf('\n}', at));
    expect(block).toMatch(
      /section\.toasts\s*\{[^}]*top:\s*calc\(8px \+ env\(safe-area-inset-top\)\);/,
    );
    expect(block).toMatch(/section\.toasts\s*\{[^}]*bottom:\s*auto;/);
  });
});
