import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_MESSAGES } from '@oneeta/contracts';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';
import { accept, invite } from './membership.js';

/**
 * Per-user plan limits hold when requests of one user arrive at once. On PostgreSQL
 * (TEST_DATABASE_URL) transactions really run side by side; PGlite runs them one at a time.
 */
let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const limits = async (token: string) =>
  (
    await h.app.inject({ method: 'GET', url: '/api/sessions/limits', headers: bearer(token) })
  ).json().usage;

describe('free plan: one joined open session under concurrency', () => {
  it('5 parallel accepts of 5 invites: exactly 1 joins, the other 4 get the joined-limit error', async () => {
    const user = await h.user({ plan: 'free' });
    const owners = await Promise.all([1, 2, 3, 4, 5].map(() => h.user({ plan: 'standard' })));
    const invited = [];
    for (const owner of owners) {
      const { sessionId } = await createSession(h, owner);
      invited.push({ sessionId, code: (await invite(h, owner, sessionId, user.email)).code });
    }
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(invited.map((i) => accept(h, user, i.sessionId, i.code)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 403)).toHaveLength(4);
      for (const a of answers.filter((x) => x.statusCode === 403)) {
        expect(a.json()).toEqual({ error: SESSION_MESSAGES.joinedLimit, code: 'joined_limit' });
      }
      expect((await limits(user.token)).joinedOpen).toBe(1);
    }
  });
});

describe('per-session invite limit under concurrency', () => {
  it("free owner: 8 parallel invites, exactly 3 are made, the rest get 'Invite limit reached'", async () => {
    const owner = await h.user({ plan: 'free' });
    const { sessionId } = await createSession(h, owner);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        h.app.inject({
          method: 'POST',
          url: `/api/sessions/${sessionId}/invites`,
          headers: bearer(owner.token),
          payload: { name: 'X', email: `race-${i}@example.test` },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 201))
      expect(a.json()).toEqual({ error: MESSAGES.inviteLimitReached, code: 'invite_limit' });
  });
});
