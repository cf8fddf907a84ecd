import { HttpError, type TokenVerifier } from '@oneeta/service-kit';
import { describe, expect, it } from 'vitest';
import { refusedSubscriptions } from './ws-revalidate.js';

const user = {
  id: 'u',
  email: 'u@example.com',
  emailVerified: true,
  name: null,
  plan: 'free' as const,
  isAdmin: false,
};

describe('refusedSubscriptions', () => {
  it('checks each token once and returns the refused subscriptions with their frames', async () => {
    const asked: string[] = [];
    const verify: TokenVerifier = async (token) => {
      asked.push(token);
      if (token === 'revoked')
        throw new HttpError(401, 'Your session has expired', 'token_revoked');
      return user;
    };
    const refused = await refusedSubscriptions(
      [
        { socket: 1, sessionId: 'a', token: 'revoked' },
        { socket: 1, sessionId: 'b', token: 'revoked' },
        { socket: 2, sessionId: 'a', token: 'fine' },
      ],
      verify,
    );
    expect(asked.sort()).toEqual(['fine', 'revoked']);
    expect(refused.map((r) => [r.socket, r.sessionId, r.frame.code])).toEqual([
      [1, 'a', 'token_revoked'],
      [1, 'b', 'token_revoked'],
    ]);
  });

  it('keeps the subscriptions when the check itself fails (auth out of reach)', async () => {
    const verify: TokenVerifier = async () => {
      throw new HttpError(503, 'Could not check your account right now.', 'accounts_unavailable');
    };
    expect(await refusedSubscriptions([{ socket: 1, sessionId: 'a', token: 't' }], verify)).toEqual(
      [],
    );
  });
});
