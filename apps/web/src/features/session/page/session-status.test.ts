import { describe, expect, it } from 'vitest';
import { activeParticipants, isSessionClosed, sessionStatusLabel } from './session-status';

describe('session status', () => {
  it('is closed when isClosed is true or closedAt is set', () => {
    expect(isSessionClosed({ isClosed: true, closedAt: null })).toBe(true);
    expect(isSessionClosed({ isClosed: false, closedAt: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(isSessionClosed({ isClosed: false, closedAt: null })).toBe(false);
  });

  it('reads Closed, Read-only for a guest, else Open', () => {
    expect(sessionStatusLabel({ isClosed: true, closedAt: null, viewerRole: 'guest' })).toBe(
      'Closed',
    );
    expect(sessionStatusLabel({ isClosed: false, closedAt: null, viewerRole: 'guest' })).toBe(
      'Read-only',
    );
    expect(sessionStatusLabel({ isClosed: false, closedAt: null, viewerRole: 'participant' })).toBe(
      'Open',
    );
  });

  it('counts participants who are in, not pending invitees or those who left', () => {
    const p = (pending: boolean, status: 'active' | 'pending' | 'left') =>
      ({ pending, status }) as Parameters<typeof activeParticipants>[0]['participants'][number];
    expect(
      activeParticipants({
        participants: [p(false, 'active'), p(true, 'pending'), p(false, 'left')],
      }),
    ).toHaveLength(1);
  });
});
