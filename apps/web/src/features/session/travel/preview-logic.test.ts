import type { Participant, Session } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import { participant } from '../../../test-fixtures';
import { draftEarliest, keyCoord, previewOrigins } from './preview-logic';

const person = (id: string, over: Partial<Participant> = {}): Participant =>
  participant({ id, name: id, travelTimeSeconds: 600, distanceMeters: 5000, ...over });
const session = {
  participants: [
    person('user:owner', { isOwner: true, travelTimeSeconds: 900 }),
    person('user:bob', { lat: 47.7, lon: -122.4, travelTimeSeconds: 1500 }),
    person('invite:1', {
      pending: true,
      status: 'pending',
      lat: null,
      lon: null,
      travelTimeSeconds: null,
    }),
  ],
} as Session;
const me = { lat: 47.61, lon: -122.33 };

describe('previewOrigins', () => {
  it('previews nobody for a member when the saved destination stands', () => {
    expect(previewOrigins({ session, meId: 'user:owner', me, destinationChanged: false })).toEqual(
      [],
    );
  });

  it('previews a member from their position until the server has a time for their row', () => {
    const justSaved = {
      participants: [person('user:owner', { isOwner: true, travelTimeSeconds: null })],
    } as Session;
    expect(
      previewOrigins({ session: justSaved, meId: 'user:owner', me, destinationChanged: false }),
    ).toEqual([{ id: 'user:owner', ...me }]);
  });

  it('previews a guest or non-participant viewer from their own position', () => {
    expect(previewOrigins({ session, meId: null, me, destinationChanged: false })).toEqual([
      { id: 'me', ...me },
    ]);
  });

  it('previews every located participant for a changed destination, the viewer at their live position', () => {
    expect(previewOrigins({ session, meId: 'user:owner', me, destinationChanged: true })).toEqual([
      { id: 'user:owner', ...me },
      { id: 'user:bob', lat: 47.7, lon: -122.4 },
    ]);
  });

  it('previews the viewer alone for a new session', () => {
    expect(
      previewOrigins({ session: null, meId: 'user:owner', me, destinationChanged: true }),
    ).toEqual([{ id: 'me', ...me }]);
  });
});

describe('draftEarliest', () => {
  const now = new Date('2026-07-01T17:00:00.000Z');

  it("uses the server's travel times for the saved destination (pending invitees do not count)", () => {
    expect(
      draftEarliest({ session, destinationChanged: false, preview: [], now })?.toISOString(),
    ).toBe('2026-07-01T17:25:00.000Z');
  });

  it('uses only previewed times for a changed destination', () => {
    const preview = [
      { id: 'user:owner', travelTimeSeconds: 300 },
      { id: 'user:bob', travelTimeSeconds: null },
    ];
    expect(draftEarliest({ session, destinationChanged: true, preview, now })?.toISOString()).toBe(
      '2026-07-01T17:05:00.000Z',
    );
  });

  it('is null when no time is known', () => {
    expect(draftEarliest({ session: null, destinationChanged: true, preview: [], now })).toBeNull();
  });
});

it('rounds key coordinates to 4 decimals', () => {
  expect(keyCoord(47.612345)).toBe(47.6123);
});
