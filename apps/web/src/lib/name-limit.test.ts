import { NAME_MAX_CHARS } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { nameLimitHint } from './name-limit';

describe('nameLimitHint', () => {
  it('says the limit and what is left before anything is submitted', () => {
    expect(NAME_MAX_CHARS).toBe(80);
    expect(nameLimitHint('')).toBe('Up to 80 characters · 80 left');
    expect(nameLimitHint('Ada')).toBe('Up to 80 characters · 77 left');
    expect(nameLimitHint('x'.repeat(80))).toBe('Up to 80 characters · 0 left');
    expect(nameLimitHint('x'.repeat(95))).toBe('Up to 80 characters · 0 left');
  });
});
