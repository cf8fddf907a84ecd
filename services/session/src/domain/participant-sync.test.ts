import { describe, expect, it } from 'vitest';
import {
  matchParticipants,
  planSync,
  samePlace,
  type StoredParticipant,
} from './participant-sync.js';

const row = (over: Partial<StoredParticipant> & { id: string }): StoredParticipant => ({
  userId: null,
  name: '',
  lat: 47.6,
  lon: -122.3,
  status: 'active',
  ...over,
});

describe('samePlace', () => {
  it('treats positions within 0.0005 degrees on both axes as the same participant', () => {
    expect(samePlace({ lat: 47.61, lon: -122.33 }, { lat: 47.6105, lon: -122.3305 })).toBe(true);
    expect(samePlace({ lat: 47.61, lon: -122.33 }, { lat: 47.6104, lon: -122.33 })).toBe(true);
  });

  it('treats positions 0.0006 degrees apart on either axis as different participants', () => {
    expect(samePlace({ lat: 47.61, lon: -122.33 }, { lat: 47.6106, lon: -122.33 })).toBe(false);
    expect(samePlace({ lat: 47.61, lon: -122.33 }, { lat: 47.61, lon: -122.3294 })).toBe(false);
  });
});

describe('matchParticipants', () => {
  it('matches by row id, by user:<userId>, then by the nearest position within tolerance', () => {
    const rows = [
      row({ id: 'p1', lat: 10, lon: 10 }),
      row({ id: 'user:u2', userId: 'u2', lat: 20, lon: 20 }),
      row({ id: 'p3', lat: 30, lon: 30 }),
      row({ id: 'p4', lat: 30.0004, lon: 30.0004 }),
    ];
    const pairs = matchParticipants(
      [
        { id: 'p1', lat: 11, lon: 11 },
        { id: 'user:u2', lat: 21, lon: 21 },
        { id: 'local-x', lat: 30.0003, lon: 30.0003 },
        { id: 'local-y', lat: 50, lon: 50 },
      ],
      rows,
    );
    expect(pairs.map((p) => p.row?.id)).toEqual(['p1', 'user:u2', 'p4', undefined]);
  });

  it('never matches a row twice and ignores pending or positionless rows for tolerance', () => {
    const rows = [
      row({ id: 'a', lat: 1, lon: 1 }),
      row({ id: 'invite:1', status: 'pending', lat: null, lon: null }),
    ];
    const pairs = matchParticipants(
      [
        { id: 'x', lat: 1.0001, lon: 1.0001 },
        { id: 'y', lat: 1.0002, lon: 1.0002 },
      ],
      rows,
    );
    expect(pairs.map((p) => p.row?.id)).toEqual(['a', undefined]);
  });

  it('keeps only the first of duplicate entry ids', () => {
    const pairs = matchParticipants(
      [
        { id: 'a', lat: 1, lon: 1 },
        { id: 'a', lat: 2, lon: 2 },
      ],
      [row({ id: 'a' })],
    );
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.entry.lat).toBe(1);
  });
});

describe('planSync', () => {
  const rows = [
    row({ id: 'user:owner', userId: 'owner', lat: 1, lon: 1 }),
    row({ id: 'user:p', userId: 'p', lat: 2, lon: 2, name: 'Pat' }),
    row({ id: 'mom', lat: 3, lon: 3, name: 'Mom' }),
    row({ id: 'invite:9', status: 'pending', lat: null, lon: null }),
  ];

  it('lets a participant move only their own row, ignoring stale copies of others', () => {
    const plan = planSync(
      [
        { id: 'user:owner', lat: 9, lon: 9 },
        { id: 'user:p', lat: 2.5, lon: 2.5, label: 'Patricia' },
        { id: 'mom', lat: 8, lon: 8 },
        { id: 'new-friend', lat: 7, lon: 7 },
      ],
      rows,
      { userId: 'p', isOwner: false },
    );
    expect(plan.updates).toEqual([
      { id: 'user:p', fields: { lat: 2.5, lon: 2.5, locationSource: null, name: 'Patricia' } },
    ]);
    expect(plan.inserts).toEqual([]);
    expect(plan.moved).toBe(true);
  });

  it('lets the owner move map-placed rows and add new entries, never other members or invites', () => {
    const plan = planSync(
      [
        { id: 'user:p', lat: 9, lon: 9 },
        { id: 'mom', lat: 3.1, lon: 3.1 },
        { id: 'invite:9', lat: 4, lon: 4 },
        { id: 'dad', lat: 5, lon: 5, name: 'Dad' },
        { id: 'user:stranger', lat: 6, lon: 6 },
      ],
      rows,
      { userId: 'owner', isOwner: true },
    );
    expect(plan.updates).toEqual([
      { id: 'mom', fields: { lat: 3.1, lon: 3.1, locationSource: null } },
    ]);
    expect(plan.inserts).toEqual([
      { id: 'dad', userId: null, name: 'Dad', lat: 5, lon: 5, locationSource: null },
    ]);
  });

  it("adds the caller's own row when they have none yet", () => {
    const plan = planSync([{ id: 'user:q', lat: 1, lon: 2 }], rows, {
      userId: 'q',
      isOwner: false,
    });
    expect(plan.inserts).toEqual([
      { id: 'user:q', userId: 'q', name: '', lat: 1, lon: 2, locationSource: null },
    ]);
  });

  it('records where a moved position comes from: a typed starting address, then the device again', () => {
    const typed = planSync([{ id: 'user:p', lat: 4, lon: 4, locationSource: 'address' }], rows, {
      userId: 'p',
      isOwner: false,
    });
    expect(typed.updates).toEqual([
      { id: 'user:p', fields: { lat: 4, lon: 4, locationSource: 'address' } },
    ]);
    const atAddress = rows.map((r) =>
      r.id === 'user:p' ? { ...r, lat: 4, lon: 4, locationSource: 'address' as const } : r,
    );
    const device = planSync(
      [{ id: 'user:p', lat: 4.2, lon: 4, locationSource: 'device' }],
      atAddress,
      { userId: 'p', isOwner: false },
    );
    expect(device.updates).toEqual([
      { id: 'user:p', fields: { lat: 4.2, lon: 4, locationSource: 'device' } },
    ]);
    const same = planSync(
      [{ id: 'user:p', lat: 4, lon: 4, locationSource: 'address' }],
      atAddress,
      { userId: 'p', isOwner: false },
    );
    expect(same.updates).toEqual([]);
  });

  it('reports nothing moved when positions are unchanged and only a label differs', () => {
    const plan = planSync([{ id: 'user:p', lat: 2, lon: 2, label: 'P' }], rows, {
      userId: 'p',
      isOwner: false,
    });
    expect(plan).toEqual({
      updates: [{ id: 'user:p', fields: { name: 'P' } }],
      inserts: [],
      moved: false,
    });
  });
});
