import { describe, expect, it } from 'vitest';
import { pushTopic, pushVerdict } from './push.js';

describe('push rules', () => {
  it('gives one topic per session and kind, within 32 URL-safe characters', () => {
    const a = pushTopic('leave-reminder', 's1');
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('leave-reminder', 's1')).toBe(a);
    expect(pushTopic('leave-reminder', 's2')).not.toBe(a);
    expect(pushTopic('invite', 's1')).not.toBe(a);
  });

  it('deletes on 404/410, retries on 429, 5xx and no answer, gives up on other 4xx', () => {
    expect([201, 404, 410, 429, 500, 503, null, 400, 413].map(pushVerdict)).toEqual([
      'delivered',
      'gone',
      'gone',
      'retry',
      'retry',
      'retry',
      'retry',
      'failed',
      'failed',
    ]);
  });
});
