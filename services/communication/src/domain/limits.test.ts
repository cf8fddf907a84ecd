import { describe, expect, it } from 'vitest';
import { formatWait, hourlyChatLimit, hourlyLimitMessage } from './limits.js';

describe('chat message limits', () => {
  it('limits the free plan to 10 messages per hour and the paid plans not at all', () => {
    expect(hourlyChatLimit('free')).toBe(10);
    expect(hourlyChatLimit('standard')).toBeNull();
    expect(hourlyChatLimit('premium')).toBeNull();
    expect(hourlyChatLimit('enterprise')).toBeNull();
  });

  it('says when the next message is allowed, in seconds under a minute and whole minutes above', () => {
    expect(formatWait(400)).toBe('1 s');
    expect(formatWait(40_000)).toBe('40 s');
    expect(formatWait(60_000)).toBe('1 min');
    expect(formatWait(11 * 60_000 + 1)).toBe('12 min');
    expect(hourlyLimitMessage(10, 12 * 60_000)).toBe(
      'The free plan sends at most 10 chat messages per hour. You can send your next message in 12 min.',
    );
  });
});
