import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNextPath } from './next-path';

describe('next path after sign-in', () => {
  it('defaults to /sessions', () => {
    expect(DEFAULT_NEXT).toBe('/sessions');
    expect(safeNextPath(undefined)).toBe('/sessions');
    expect(safeNextPath('')).toBe('/sessions');
  });

  it('keeps a same-site path with its query', () => {
    expect(safeNextPath('/s/abc2345')).toBe('/s/abc2345');
    expect(safeNextPath('/session/abc2345/invite/C1?x=1')).toBe('/session/abc2345/invite/C1?x=1');
  });

  it('refuses another site', () => {
    expect(safeNextPath('https://evil.example/')).toBe('/sessions');
    expect(safeNextPath('//evil.example/x')).toBe('/sessions');
    expect(safeNextPath('/\\evil.example')).toBe('/sessions');
    expect(safeNextPath('javascript:alert(1)')).toBe('/sessions');
  });
});
