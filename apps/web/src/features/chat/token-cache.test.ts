import { COMMUNICATION } from '@oneeta/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import {
  connectErrorText,
  createTokenCache,
  expiryOf,
  NoTokenError,
  refreshDelay,
  reusable,
  tokenRetryable,
  withRetries,
} from './token-cache';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');

describe('chat token cache (document 2 §4, §9)', () => {
  it('reuses a token while more than 30 s remain', () => {
    expect(reusable({ token: 't', expiresAt: NOW + 30_001 }, NOW)).toBe(true);
    expect(reusable({ token: 't', expiresAt: NOW + 30_000 }, NOW)).toBe(false);
    expect(reusable(undefined, NOW)).toBe(false);
  });

  it('caches per session', () => {
    const cache = createTokenCache();
    cache.set('s1', { token: 'a', expiresAt: NOW + 60_000 });
    expect(cache.get('s1', NOW)?.token).toBe('a');
    expect(cache.get('s2', NOW)).toBeUndefined();
    expect(cache.get('s1', NOW + 31_000)).toBeUndefined();
    cache.drop('s1');
    expect(cache.get('s1', NOW)).toBeUndefined();
  });

  it('refreshes 10 minutes before expiry, at once when that is past', () => {
    expect(refreshDelay(NOW + 60 * 60_000, NOW)).toBe(50 * 60_000);
    expect(refreshDelay(NOW + 5 * 60_000, NOW)).toBe(0);
  });

  it('takes expiresOn, else the default cached expiry of 10 minutes', () => {
    expect(expiryOf('2026-11-25T11:00:00.000Z', NOW)).toBe(NOW + 60 * 60_000);
    expect(expiryOf('nonsense', NOW)).toBe(NOW + COMMUNICATION.defaultCachedExpiryMs);
    expect(expiryOf(undefined, NOW)).toBe(NOW + 10 * 60_000);
  });

  it('tries 3 times, then gives up with the last error', async () => {
    const fetchToken = vi.fn().mockRejectedValue(new Error('down'));
    await expect(withRetries(fetchToken, undefined, () => Promise.resolve())).rejects.toThrow(
      'down',
    );
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });

  it('stops at once on an error that asking again will not change', async () => {
    const fetchToken = vi.fn().mockRejectedValue(new Error('403'));
    await expect(
      withRetries(
        fetchToken,
        () => false,
        () => Promise.resolve(),
      ),
    ).rejects.toThrow();
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('answers with the first success', async () => {
    const fetchToken = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue('ok');
    await expect(withRetries(fetchToken, undefined, () => Promise.resolve())).resolves.toBe('ok');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it("retries what may pass on a second try, then says 'Failed to get token'; a refusal says why", async () => {
    const down = new ApiError('Service unavailable', 503);
    const offline = new ApiError('Network error', 0);
    const refused = new ApiError('Not a member of this session', 403);
    expect([down, offline, new Error('x')].every(tokenRetryable)).toBe(true);
    expect(tokenRetryable(refused)).toBe(false);
    const fetchToken = vi.fn().mockRejectedValue(down);
    const error = await withRetries(fetchToken, tokenRetryable, () => Promise.resolve()).catch(
      (e: unknown) => e,
    );
    expect(fetchToken).toHaveBeenCalledTimes(3);
    expect(connectErrorText(error)).toBe('Failed to get token');
    expect(connectErrorText(offline)).toBe('Failed to get token');
    expect(connectErrorText(refused)).toBe('Not a member of this session');
    expect(connectErrorText(new NoTokenError())).toBe('No token in response');
  });
});
