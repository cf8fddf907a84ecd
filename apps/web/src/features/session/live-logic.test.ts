import { describe, expect, it } from 'vitest';
import { liveEventOf, reconnectDelay, subscribeFrame, wsUrl } from './live-logic';

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
