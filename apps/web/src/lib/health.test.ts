import { describe, expect, it } from 'vitest';
import { formatServerTime, healthText } from './health';

describe('health indicator text', () => {
  const time = (iso: string) => `at ${iso}`;

  it("shows 'checking…' while loading", () => {
    expect(healthText({ status: 'checking' }, time)).toBe('checking…');
  });

  it('shows the server time on success', () => {
    expect(healthText({ status: 'ok', time: '2026-01-02T03:04:05.000Z' }, time)).toBe(
      'at 2026-01-02T03:04:05.000Z',
    );
  });

  it("shows 'error: {message}' with the HTTP status or 'Unexpected health response'", () => {
    expect(healthText({ status: 'error', message: '503' }, time)).toBe('error: 503');
    expect(healthText({ status: 'error', message: 'Unexpected health response' }, time)).toBe(
      'error: Unexpected health response',
    );
  });

  it('formats a server time for people and leaves an unreadable one as it came', () => {
    expect(formatServerTime('2026-01-02T03:04:05.000Z', 'en-US')).toMatch(/2026/);
    expect(formatServerTime('soon')).toBe('soon');
  });
});
