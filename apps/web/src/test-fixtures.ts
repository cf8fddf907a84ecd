/** Contract-shaped test data (participants, invites, sessions) for the web app's unit tests. */
import type { Invite, Participant, Session } from '@oneeta/contracts';

export function participant(overrides: Partial<Participant> & { id: string }): Participant {
  return {
    userId: overrides.id.startsWith('user:') ? overrides.id.slice(5) : null,
    name: '',
    label: overrides.label ?? overrides.id,
    email: null,
    lat: 47.6,
    lon: -122.3,
    pending: false,
    status: 'active',
    isOwner: false,
    routeOptions: { travelMode: 'car', routeType: 'fastest', avoidTolls: false },
    enroute: false,
    travelTimeSeconds: null,
    distanceMeters: null,
    departureTime: null,
    arrivalTime: null,
    updatedAt: '2026-07-01T17:00:00.000Z',
    ...overrides,
  };
}

export function invite(overrides: Partial<Invite> & { id: string }): Invite {
  return {
    name: '',
    email: 'guest@example.com',
    phone: null,
    code: 'CODE1234',
    status: 'pending',
    pending: true,
    createdAt: '2026-07-01T16:00:00.000Z',
    inviterName: 'Olive',
    ...overrides,
  };
}

export function session(overrides: Partial<Session> = {}): Session {
  return {
    sessionId: 'abc2345',
    destination: {
      id: 'poi-1',
      name: 'Pike Place Market',
      address: '85 Pike St',
      position: { lat: 47.609, lon: -122.342 },
    },
    tzId: 'America/Los_Angeles',
    arriveAt: '2026-07-01T19:00:00.000Z',
    travelMode: 'car',
    participants: [],
    invites: [],
    creatorUserId: 'owner',
    isClosed: false,
    closedAt: null,
    createdAt: '2026-07-01T15:00:00.000Z',
    updatedAt: '2026-07-01T17:00:00.000Z',
    revision: 1,
    travel: {
      arriveAt: '2026-07-01T19:00:00.000Z',
      mode: 'car',
      count: 0,
      results: [],
      earliestArrival: null,
    },
    viewerRole: 'owner',
    ...overrides,
  };
}

/** A Storage kept in memory (localStorage for tests that run without a DOM). */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}
