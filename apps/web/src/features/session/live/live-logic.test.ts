import type { SharedSuggestion, Suggestion } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  applySessionFrame,
  frameOf,
  liveEventOf,
  reconnectDelay,
  subscribeFrame,
  wsUrl,
} from './live-logic';

describe('liveEventOf', () => {
  const frame = (value: object) => JSON.stringify(value);

  it('refetches on refresh-session for this session only', () => {
    expect(liveEventOf(frame({ type: 'refresh-session', sessionId: 'abc2345' }), 'abc2345')).toBe(
      'refresh',
    );
    expect(liveEventOf(frame({ type: 'refresh-session', sessionId: 'zzz2345' }), 'abc2345')).toBe(
      'ignore',
    );
  });

  it("catches up when subscribed unless the copy held is as new as the frame's revision", () => {
    const subscribed = frame({ type: 'subscribed', sessionId: 'abc2345', revision: 7 });
    expect(liveEventOf(subscribed, 'abc2345', 7)).toBe('subscribed-current');
    expect(liveEventOf(subscribed, 'abc2345', 8)).toBe('subscribed-current');
    expect(liveEventOf(subscribed, 'abc2345', 6)).toBe('subscribed');
    expect(liveEventOf(subscribed, 'abc2345')).toBe('subscribed');
    expect(liveEventOf(frame({ type: 'subscribed', sessionId: 'abc2345' }), 'abc2345', 7)).toBe(
      'subscribed',
    );
    expect(liveEventOf(subscribed, 'zzz2345', 7)).toBe('ignore');
  });

  it('is live once subscribed and not live when refused', () => {
    expect(liveEventOf(frame({ type: 'subscribed', sessionId: 'abc2345' }), 'abc2345')).toBe(
      'subscribed',
    );
    expect(
      liveEventOf(
        frame({
          type: 'error',
          error: 'You are not a member of this session',
          sessionId: 'abc2345',
        }),
        'abc2345',
      ),
    ).toBe('refused');
  });

  it("turns this session's chat nudge into a chat refetch (issue 16); ignores junk and unknown frames", () => {
    expect(liveEventOf(frame({ type: 'chat-message', sessionId: 'abc2345' }), 'abc2345')).toBe(
      'chat',
    );
    expect(liveEventOf(frame({ type: 'chat-message', sessionId: 'zzz2345' }), 'abc2345')).toBe(
      'ignore',
    );
    const chatEvent = {
      type: 'chat-event',
      sessionId: 'abc2345',
      threadId: '19:x@thread.v2',
      event: {
        type: 'chatThreadSwitched',
        newThreadId: '19:y@thread.v2',
        switchedOn: '2026-11-25T10:00:00Z',
      },
    };
    expect(liveEventOf(frame(chatEvent), 'abc2345')).toBe('chat-event');
    expect(liveEventOf(frame({ ...chatEvent, sessionId: 'zzz2345' }), 'abc2345')).toBe('ignore');
    expect(liveEventOf('not json', 'abc2345')).toBe('ignore');
    // Issue 15: a new in-app notification for a member of this session, not another one.
    expect(liveEventOf(frame({ type: 'inbox', sessionId: 'abc2345' }), 'abc2345')).toBe('inbox');
    expect(liveEventOf(frame({ type: 'inbox', sessionId: 'zzz2345' }), 'abc2345')).toBe('ignore');
    expect(liveEventOf(frame({ type: 'hello' }), 'abc2345')).toBe('ignore');
  });
});

describe('subscribeFrame', () => {
  it('sends the token as Bearer once', () => {
    expect(subscribeFrame('abc2345', 't0k')).toEqual({
      action: 'subscribe',
      sessionId: 'abc2345',
      token: 'Bearer t0k',
    });
    expect(subscribeFrame('abc2345', 'Bearer t0k').token).toBe('Bearer t0k');
  });
});

describe('wsUrl and reconnectDelay', () => {
  it('follows the page protocol', () => {
    expect(wsUrl({ protocol: 'https:', host: 'oneeta.example' })).toBe('wss://oneeta.example/ws');
    expect(wsUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
  });

  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
});

describe('applySessionFrame', () => {
  const participant = (id: string, lat: number) => ({
    id,
    userId: `u-${id}`,
    name: id,
    label: id,
    email: null,
    lat,
    lon: 2,
    pending: false,
    status: 'active' as const,
    isOwner: false,
    routeOptions: { travelMode: 'car' as const, routeType: 'fastest' as const, avoidTolls: false },
    enroute: false,
    travelTimeSeconds: 600,
    distanceMeters: 5000,
    departureTime: null,
    arrivalTime: null,
    updatedAt: '2026-11-29T10:00:00.000Z',
  });
  const travel = (minutes: number) => ({
    arriveAt: null,
    mode: 'car',
    count: 2,
    results: [],
    earliestArrival: `2026-11-29T10:${String(minutes).padStart(2, '0')}:00.000Z`,
  });
  const held = {
    sessionId: 'abc2345',
    destination: null,
    tzId: null,
    arriveAt: null,
    travelMode: 'car',
    participants: [participant('p1', 1), participant('p2', 1)],
    invites: [],
    creatorUserId: 'u-p1',
    isClosed: false,
    closedAt: null,
    createdAt: '2026-11-29T09:00:00.000Z',
    updatedAt: '2026-11-29T10:00:00.000Z',
    travel: travel(10),
    viewerRole: 'participant' as const,
    revision: 4,
  };
  const frame = (revision: number | undefined, moved = [participant('p2', 1.5)]) => ({
    type: 'refresh-session' as const,
    sessionId: 'abc2345',
    ...(revision === undefined ? {} : { revision }),
    changes: {
      participants: moved,
      travel: travel(20),
      suggestedArriveAt: null,
      sharingEnded: false,
      updatedAt: '2026-11-29T10:01:00.000Z',
    },
  });

  it('applies the next revision in place: the moved participant, the travel summary, the revision', () => {
    const next = applySessionFrame(held, frame(5));
    if (typeof next === 'string') throw new Error(`expected a session, got ${next}`);
    expect(next.revision).toBe(5);
    expect(next.participants.map((p) => [p.id, p.lat])).toEqual([
      ['p1', 1],
      ['p2', 1.5],
    ]);
    expect(next.travel.earliestArrival).toBe('2026-11-29T10:20:00.000Z');
    expect(next.updatedAt).toBe('2026-11-29T10:01:00.000Z');
    expect(next.invites).toBe(held.invites);
  });

  it('refetches after a gap, without changes, without a copy, or for someone not on the page', () => {
    expect(applySessionFrame(held, frame(6))).toBe('refetch');
    expect(applySessionFrame(held, frame(undefined))).toBe('refetch');
    expect(
      applySessionFrame(held, { type: 'refresh-session', sessionId: 'abc2345', revision: 5 }),
    ).toBe('refetch');
    expect(applySessionFrame(undefined, frame(5))).toBe('refetch');
    expect(applySessionFrame(held, frame(5, [participant('p3', 1)]))).toBe('refetch');
  });

  it('ignores a frame the copy already has', () => {
    expect(applySessionFrame(held, frame(4))).toBe('current');
    expect(applySessionFrame(held, frame(3))).toBe('current');
  });

  describe('a suggestion frame', () => {
    const shared = (id: string, votes: number[]): SharedSuggestion => ({
      id,
      status: 'ready',
      mode: 'places',
      category: null,
      centre: null,
      candidates: votes.map((v, index) => ({
        index,
        id: `place-${index}`,
        name: `Place ${index}`,
        address: '',
        position: { lat: 47.6, lon: -122.3 },
        votes: v,
      })),
      ranked: [],
      leftOut: [],
      createdAt: '2026-11-29T10:00:00.000Z',
      computedAt: '2026-11-29T10:00:05.000Z',
      expiresAt: '2026-11-29T11:00:00.000Z',
    });
    const holding = (suggestion: Suggestion | null) => ({ ...held, suggestion });
    /** The frame as it comes off the socket, through the page's contract check. */
    const arrived = (suggestion: SharedSuggestion | null) => {
      const message = frameOf(
        JSON.stringify({
          ...frame(5, []),
          changes: { ...frame(5, []).changes, travel: held.travel, suggestion },
        }),
      );
      if (message?.type !== 'refresh-session') throw new Error('the frame did not pass the check');
      return message;
    };

    it('updates the vote counts in place and keeps the viewer’s own vote', () => {
      const mine = { ...shared('s1', [1, 0]), myVote: 0 };
      const next = applySessionFrame(holding(mine), arrived(shared('s1', [1, 2])));
      if (typeof next === 'string') throw new Error(`expected a session, got ${next}`);
      expect(next.revision).toBe(5);
      expect(next.suggestion).toEqual({ ...shared('s1', [1, 2]), myVote: 0 });
      expect(next.participants).toEqual(held.participants);
    });

    it('shows a new suggestion with no vote of the viewer’s, and drops one that is gone', () => {
      const mine = { ...shared('s1', [1, 0]), myVote: 0 };
      const next = applySessionFrame(holding(mine), arrived(shared('s2', [0, 0])));
      if (typeof next === 'string') throw new Error(`expected a session, got ${next}`);
      expect(next.suggestion).toEqual({ ...shared('s2', [0, 0]), myVote: null });
      const gone = applySessionFrame(holding(mine), arrived(null));
      if (typeof gone === 'string') throw new Error(`expected a session, got ${gone}`);
      expect(gone.suggestion).toBeNull();
    });

    it('leaves the suggestion held alone when the frame does not carry one', () => {
      const mine = { ...shared('s1', [1, 0]), myVote: 0 };
      const next = applySessionFrame(holding(mine), frame(5));
      if (typeof next === 'string') throw new Error(`expected a session, got ${next}`);
      expect(next.suggestion).toBe(mine);
    });
  });
});
