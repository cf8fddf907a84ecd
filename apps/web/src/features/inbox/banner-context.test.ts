import { describe, expect, it } from 'vitest';
import { participant, session as sessionOf } from '../../test-fixtures';
import { bannerContextOf } from './banner-context';

// Arrival 19:00Z; the viewer's trip takes 30 min: leave by 18:30Z.
const now = new Date('2026-07-01T18:00:00.000Z');
const me = participant({ id: 'user:me', travelTimeSeconds: 1800, distanceMeters: 20_000 });
const ben = participant({ id: 'user:ben', travelTimeSeconds: 600, distanceMeters: 5000 });

describe('bannerContextOf', () => {
  it("reads the viewer's leave-by, and nobody late or arrived", () => {
    const context = bannerContextOf(sessionOf({ participants: [me, ben] }), 'user:me', now);
    expect(context).toEqual({
      anyoneLate: false,
      everyoneArrived: false,
      viewer: { there: false, leaveBy: new Date('2026-07-01T18:30:00.000Z') },
    });
  });

  it('knows someone late by the server, and a viewer who has arrived', () => {
    const session = sessionOf({
      participants: [
        { ...me, arrivedAt: '2026-07-01T17:55:00.000Z' },
        { ...ben, minutesLate: 12 },
      ],
    });
    const context = bannerContextOf(session, 'user:me', now);
    expect(context.anyoneLate).toBe(true);
    expect(context.viewer?.there).toBe(true);
    expect(context.everyoneArrived).toBe(false);
  });

  it('everyone arrived; no viewer row', () => {
    const at = '2026-07-01T17:55:00.000Z';
    const session = sessionOf({
      participants: [
        { ...me, arrivedAt: at },
        { ...ben, arrivedAt: at },
      ],
    });
    const context = bannerContextOf(session, null, now);
    expect(context.everyoneArrived).toBe(true);
    expect(context.viewer).toBeNull();
  });
});
