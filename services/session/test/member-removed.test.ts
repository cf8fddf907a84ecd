import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionNudge } from '@oneeta/contracts';
import { createSessionSubscriber, type SessionSubscriber } from '@oneeta/service-kit';
import { eventually, testRedisUrl } from '@oneeta/service-kit/testing';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';
import { join } from './membership.js';

/**
 * Removal and leaving publish `member-removed` naming the user on the session's channel, ahead of
 * the change's own frame, so every /ws hub drops that user's subscriptions at once.
 */
let h: SessionHarness;
let subscriber: SessionSubscriber;
const frames: SessionNudge[] = [];

beforeAll(async () => {
  h = await startSession();
  subscriber = createSessionSubscriber(testRedisUrl(), h.prefix, (_id, message) =>
    frames.push(message),
  );
});
afterAll(async () => {
  await subscriber.close();
  await h.close();
});

const framesOf = (sessionId: string) => frames.filter((f) => f.sessionId === sessionId);

describe('member-removed frames', () => {
  it('the owner removing one member and another leaving each name that user, before the refresh frame', async () => {
    const owner = await h.user({ plan: 'premium' });
    const [removed, leaver, staying] = [await h.user(), await h.user(), await h.user()];
    const { sessionId } = await createSession(h, owner, {
      participants: [{ id: 'g-1', name: 'Mom', lat: 47.1, lon: -122.1 }],
    });
    for (const u of [removed, leaver, staying]) await join(h, owner, sessionId, u);
    await h.drained();
    await subscriber.subscribe(sessionId);

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessionId}/participants/user:${removed.id}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(200);
    const left = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/participants/user:${leaver.id}/leave`,
      headers: bearer(leaver.token),
    });
    expect(left.statusCode).toBe(200);
    // A guest without an account names nobody.
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/sessions/${sessionId}/participants/g-1`,
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(200);

    await h.drained();
    const kindsFrom = () => {
      const all = framesOf(sessionId).map((f) =>
        f.type === 'member-removed' ? `removed:${f.userId}` : f.type,
      );
      // The joins' own frames may still be on their way when the subscription starts.
      const first = all.findIndex((k) => k.startsWith('removed:'));
      return first < 0 ? [] : all.slice(first);
    };
    await eventually(() => kindsFrom().length >= 5, { timeoutMs: 5000 });
    const kinds = kindsFrom();
    expect(kinds).toEqual([
      `removed:${removed.id}`,
      'refresh-session',
      `removed:${leaver.id}`,
      'refresh-session',
      'refresh-session',
    ]);
  });
});
