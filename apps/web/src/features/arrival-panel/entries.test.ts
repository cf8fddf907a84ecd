import { COMPACT_PANEL_ABOVE } from '@oneeta/contracts';
import { describe, expect, it } from 'vitest';
import {
  avatarText,
  buildEntries,
  defaultCompact,
  entryPermissions,
  hasLocation,
  isPendingParticipant,
  participantLabel,
  statusKind,
  type PanelEntry,
} from './entries';
import { invite, participant, session } from '../../test-fixtures';
import { statusText } from './status-text';

const owner = participant({
  id: 'user:owner',
  label: 'Olive',
  isOwner: true,
  travelTimeSeconds: 600,
  distanceMeters: 5000,
});
const bob = participant({
  id: 'user:bob',
  label: 'Bob',
  travelTimeSeconds: 900,
  distanceMeters: 8000,
});
const cat = participant({ id: 'user:cat', label: 'Cat', lat: null, lon: null });
const pendingRow = participant({
  id: 'invite:inv-1',
  label: 'dan@example.com',
  pending: true,
  status: 'pending',
  lat: null,
  lon: null,
});

function entry(list: PanelEntry[], key: string): PanelEntry {
  const found = list.find((e) => e.key === key);
  if (!found) throw new Error(`no entry ${key}`);
  return found;
}

describe('buildEntries', () => {
  const s = session({
    participants: [owner, bob, pendingRow, cat, participant({ id: 'user:gone', status: 'left' })],
    invites: [
      invite({ id: 'inv-1', name: 'Dan', code: 'DANCODE' }),
      invite({ id: 'inv-2', name: '', email: 'eve@example.com', code: undefined }),
    ],
  });

  it('puts the viewer first, then the others in server order, then pending invites; departed ones are hidden', () => {
    const list = buildEntries(s, 'user:bob');
    expect(list.map((e) => e.key)).toEqual([
      'user:bob',
      'user:owner',
      'user:cat',
      'invite:inv-1',
      'invite:inv-2',
    ]);
    expect(list[0]?.isCurrentUser).toBe(true);
    expect(list.filter((e) => e.isCurrentUser)).toHaveLength(1);
  });

  it('keeps the server order when the viewer is not a participant (guest)', () => {
    expect(
      buildEntries(s, null)
        .map((e) => e.key)
        .slice(0, 3),
    ).toEqual(['user:owner', 'user:bob', 'user:cat']);
  });

  it('matches a pending participant row with its invite (name, code) and adds invites that hold no row', () => {
    const list = buildEntries(s, null);
    const dan = entry(list, 'invite:inv-1');
    expect(dan).toMatchObject({
      pending: true,
      inviteId: 'inv-1',
      inviteCode: 'DANCODE',
      label: 'Dan',
      participantId: null,
    });
    const eve = entry(list, 'invite:inv-2');
    expect(eve).toMatchObject({
      pending: true,
      inviteId: 'inv-2',
      inviteCode: null,
      label: 'eve@example.com',
    });
  });

  it('takes the travel fields from the participant, else from travel.results', () => {
    const fromResults = session({
      participants: [participant({ id: 'user:x', label: 'X' })],
      travel: {
        arriveAt: null,
        mode: 'car',
        count: 1,
        earliestArrival: null,
        results: [
          {
            participantId: 'user:x',
            ok: true,
            travelTimeSeconds: 300,
            distanceMeters: 1609.344,
            departureTime: null,
            arrivalTime: null,
          },
        ],
      },
    });
    expect(buildEntries(fromResults, null)[0]).toMatchObject({
      routeOk: true,
      travelTimeSeconds: 300,
      distanceMeters: 1609.344,
    });
    const failed = session({
      participants: [participant({ id: 'user:x', label: 'X', travelTimeSeconds: 300 })],
      travel: {
        arriveAt: null,
        mode: 'car',
        count: 1,
        earliestArrival: null,
        results: [
          {
            participantId: 'user:x',
            ok: false,
            travelTimeSeconds: 300,
            distanceMeters: null,
            departureTime: null,
            arrivalTime: null,
          },
        ],
      },
    });
    expect(buildEntries(failed, null)[0]?.routeOk).toBe(false);
  });

  it('recognises a pending status case-insensitively', () => {
    expect(isPendingParticipant({ pending: false, status: 'PENDING' as 'pending' })).toBe(true);
    expect(isPendingParticipant({ pending: false, status: 'active' })).toBe(false);
  });
});

describe('labels and avatars', () => {
  it("labels with label, then email, then 'Participant'", () => {
    expect(participantLabel({ label: 'Ann', email: 'a@x.io' })).toBe('Ann');
    expect(participantLabel({ label: ' ', email: 'a@x.io' })).toBe('a@x.io');
    expect(participantLabel({ label: '', email: null })).toBe('Participant');
  });

  it("shows 'You' for the viewer, else the label's first letter in upper case", () => {
    expect(avatarText({ isCurrentUser: true, label: 'bob' })).toBe('You');
    expect(avatarText({ isCurrentUser: false, label: 'bob' })).toBe('B');
    expect(avatarText({ isCurrentUser: false, label: '' })).toBe('?');
  });
});

describe('status line', () => {
  const list = buildEntries(
    session({
      participants: [owner, bob, cat, pendingRow, participant({ id: 'user:new', label: 'New' })],
    }),
    'user:owner',
  );

  it("is 'Invite pending' for a pending entry", () => {
    expect(statusText(statusKind(entry(list, 'invite:inv-1'), true))).toBe('Invite pending');
  });

  it("is 'No location' without numeric coordinates, also for the viewer", () => {
    expect(statusText(statusKind(entry(list, 'user:cat'), true))).toBe('No location');
    const meWithout = { ...entry(list, 'user:owner'), lat: null };
    expect(statusText(statusKind(meWithout, true))).toBe('No location');
  });

  it("is 'Your device' for the viewer's own located entry", () => {
    expect(statusText(statusKind(entry(list, 'user:owner'), true))).toBe('Your device');
  });

  it("is 'Starting address' for the viewer who joined with a typed address (issue 12)", () => {
    const typed = { ...entry(list, 'user:owner'), locationSource: 'address' as const };
    expect(statusText(statusKind(typed, true))).toBe('Starting address');
    // Another participant's typed address still reads by their route.
    const bob = { ...entry(list, 'user:bob'), locationSource: 'address' as const };
    expect(statusText(statusKind(bob, true))).toBe('Route available');
  });

  it("is 'Route available' for another located participant with a route", () => {
    expect(statusText(statusKind(entry(list, 'user:bob'), true))).toBe('Route available');
  });

  it('says the route is being calculated, or that there is no destination, while there is no route', () => {
    expect(statusKind(entry(list, 'user:new'), true)).toBe('calculating');
    expect(statusKind(entry(list, 'user:new'), false)).toBe('noDestination');
  });

  it('needs both lat and lon to be finite numbers for a location', () => {
    expect(hasLocation({ lat: 0, lon: 0 })).toBe(true);
    expect(hasLocation({ lat: 1, lon: null })).toBe(false);
    expect(hasLocation({ lat: Number.NaN, lon: 2 })).toBe(false);
  });
});

describe('display mode', () => {
  it(`is compact by default only above ${COMPACT_PANEL_ABOVE} participants`, () => {
    expect(COMPACT_PANEL_ABOVE).toBe(40);
    expect(defaultCompact(40)).toBe(false);
    expect(defaultCompact(41)).toBe(true);
    expect(defaultCompact(0)).toBe(false);
  });
});

describe('permissions (doc 2 §6)', () => {
  const list = buildEntries(
    session({ participants: [owner, bob, pendingRow], invites: [invite({ id: 'inv-1' })] }),
    'user:bob',
  );
  const open = { sessionOpen: true };

  it('lets the owner remove another non-pending participant, never themself or a pending entry', () => {
    const asOwner = buildEntries(session({ participants: [owner, bob, pendingRow] }), 'user:owner');
    expect(entryPermissions(entry(asOwner, 'user:bob'), { isOwner: true, ...open }).remove).toBe(
      true,
    );
    expect(entryPermissions(entry(asOwner, 'user:owner'), { isOwner: true, ...open }).remove).toBe(
      false,
    );
    expect(
      entryPermissions(entry(asOwner, 'invite:inv-1'), { isOwner: true, ...open }).remove,
    ).toBe(false);
    expect(entryPermissions(entry(list, 'user:owner'), { isOwner: false, ...open }).remove).toBe(
      false,
    );
  });

  it('lets a non-owner leave and change their own route options and enroute flag; the owner cannot leave', () => {
    expect(entryPermissions(entry(list, 'user:bob'), { isOwner: false, ...open })).toMatchObject({
      leave: true,
      editOwn: true,
    });
    expect(entryPermissions(entry(list, 'user:owner'), { isOwner: false, ...open })).toMatchObject({
      leave: false,
      editOwn: false,
    });
    const asOwner = buildEntries(session({ participants: [owner] }), 'user:owner');
    expect(
      entryPermissions(entry(asOwner, 'user:owner'), { isOwner: true, ...open }),
    ).toMatchObject({ leave: false, editOwn: true });
  });

  it('lets the owner cancel pending invites and copy their codes', () => {
    expect(entryPermissions(entry(list, 'invite:inv-1'), { isOwner: true, ...open })).toMatchObject(
      { cancelInvite: true, copyInviteCode: true },
    );
    expect(
      entryPermissions(entry(list, 'invite:inv-1'), { isOwner: false, ...open }),
    ).toMatchObject({ cancelInvite: false, copyInviteCode: false });
  });

  it('allows no change in a closed session', () => {
    const closed = { isOwner: true, sessionOpen: false };
    const asOwner = buildEntries(session({ participants: [owner, bob, pendingRow] }), 'user:owner');
    expect(entryPermissions(entry(asOwner, 'user:bob'), closed).remove).toBe(false);
    expect(entryPermissions(entry(asOwner, 'user:owner'), closed).editOwn).toBe(false);
    expect(entryPermissions(entry(asOwner, 'invite:inv-1'), closed).cancelInvite).toBe(false);
  });
});
