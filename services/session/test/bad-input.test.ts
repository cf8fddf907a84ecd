/**
 * Fuzzer findings of issue 11: NUL and lone surrogates in text, junk path ids and impossible cursors
 * reached Postgres and answered 500. Every one must be a 400 with a sentence, changing nothing.
 * The route list is read from the app itself, so a new `:id` route is covered without editing this.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@oneeta/contracts';
import { bearer, createSession, sessionBody } from './factories.js';
import { INTERNAL_TOKEN, startSession, type SessionHarness, type TestUser } from './helpers.js';
import { invite, rowsOf } from './membership.js';

let h: SessionHarness;
let owner: TestUser;
let sessionId: string;
let inviteCode: string;
let inviteId: string;
beforeAll(async () => {
  h = await startSession();
  owner = await h.user({ plan: 'premium', isAdmin: true });
  ({ sessionId } = await createSession(h, owner, {
    participants: [{ id: `user:${owner.id}`, name: 'Me', label: 'Owner', lat: 47.6, lon: -122.3 }],
  }));
  ({ code: inviteCode, id: inviteId } = await invite(h, owner, sessionId, 'guest@example.test'));
});
afterAll(() => h.close());

/** Every route of the app with a path parameter, as [method, path], read from fastify's route tree. */
function paramRoutes(): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of h.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (match[3] && path.includes(':')) {
      for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push([method, path]);
    }
  }
  return routes;
}

/** A value each path parameter takes when it is not the one under test. */
const valid = (): Record<string, string> => ({
  id: sessionId,
  pid: `user:${owner.id}`,
  code: inviteCode,
  inviteId,
  userId: owner.id,
  sid: 'suggestion-1',
});

/** What a fuzzer puts in a path segment (already percent-encoded, as it arrives on the wire). */
const JUNK_IDS = [
  '%00',
  'abc%00',
  '%00abc2345',
  '%0A',
  'a%20b',
  '..%2F..',
  '%E2%80%AE',
  '%C3%A9',
  '%ED%A0%80',
  '%zz',
  'x'.repeat(201),
];

const headers = () => ({ ...bearer(owner.token), 'x-internal-token': INTERNAL_TOKEN });

describe('junk path ids', () => {
  it('finds every :id route of the session service (so the table below is complete)', () => {
    const paths = new Set(paramRoutes().map(([, path]) => path));
    expect(paths).toEqual(
      new Set([
        '/api/sessions/:id',
        '/api/sessions/:id/close',
        '/api/admin/sessions/:id/reopen',
        '/api/sessions/:id/ensure-chat-members',
        '/api/sessions/:id/participants',
        '/api/sessions/:id/participants/:pid/routeOptions',
        '/api/sessions/:id/participants/:pid/enroute',
        '/api/sessions/:id/participants/:pid',
        '/api/sessions/:id/participants/:pid/leave',
        '/api/sessions/:id/invites',
        '/api/sessions/:id/invites/:inviteId',
        '/api/sessions/:id/invite/:code',
        '/api/sessions/:id/invite/:code/accept',
        '/api/sessions/:id/invite/:code/decline',
        '/internal/sessions/:id/members/:userId',
        '/internal/sessions/:id/route-input',
        '/internal/sessions/:id/invites/:inviteId',
        '/internal/sessions/:id/schedule',
        '/internal/sessions/:id/revision',
        '/internal/users/:id/export',
        '/api/sessions/:id/suggestions',
        '/api/sessions/:id/suggestions/:sid',
        '/api/sessions/:id/suggestions/:sid/votes',
        '/internal/sessions/:id/suggestions/:sid/matrix-input',
        '/internal/sessions/:id/suggestions/:sid/matrix',
      ]),
    );
  });

  it('answers 400 with a sentence naming the parameter for junk in any path parameter of any route', async () => {
    const failures: string[] = [];
    for (const [method, path] of paramRoutes()) {
      const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const param of params) {
        for (const junk of JUNK_IDS) {
          const values = { ...valid(), [param]: junk };
          const url = path.replace(/:(\w+)/g, (_, name: string) =>
            name === param ? junk : encodeURIComponent(values[name]!),
          );
          const res = await h.app.inject({ method: method as 'GET', url, headers: headers() });
          const error = res.json<{ error?: unknown }>().error;
          if (
            res.statusCode !== 400 ||
            typeof error !== 'string' ||
            !/\bid\b|\bcode\b|\bpath\b/i.test(error)
          ) {
            failures.push(`${method} ${url} → ${res.statusCode} ${res.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Every string leaf of a JSON value, by path. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A deep copy of `value` with the string at `path` changed by `change`. */
function withString(
  value: unknown,
  path: (string | number)[],
  change: (text: string) => string,
): unknown {
  if (path.length === 0) return change(value as string);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withString(copy[head!], rest, change);
  return copy;
}

const POISON: [string, (text: string) => string][] = [
  ['a NUL', (text) => `${text}\u0000x`],
  ['a lone surrogate', (text) => `${text}\ud800`],
  ['an escape character', (text) => `\u001b${text}`],
];

interface BodyRoute {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  body: () => object;
  /** The stored state the route would change, to prove a refused request changed nothing. */
  state: () => Promise<unknown>;
}

const sessionState = async () => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/sessions/${sessionId}`,
    headers: bearer(owner.token),
  });
  const { session } = sessionResponseSchema.parse(res.json());
  return { session: { ...session, travel: undefined }, rows: await rowsOf(h, sessionId) };
};

const BODY_ROUTES: BodyRoute[] = [
  {
    name: 'save session',
    method: 'POST',
    url: () => '/api/sessions',
    body: () =>
      sessionBody({
        sessionId,
        participants: [
          { id: `user:${owner.id}`, name: 'Me', label: 'Owner', lat: 47.6, lon: -122.3 },
          { id: 'mom', name: 'Mom', label: 'Mum', lat: 47.1, lon: -122.1 },
        ],
      }),
    state: sessionState,
  },
  {
    name: 'participant sync',
    method: 'PUT',
    url: () => `/api/sessions/${sessionId}/participants`,
    body: () => ({
      participants: [
        { id: `user:${owner.id}`, name: 'Me', label: 'Owner', lat: 47.61, lon: -122.31 },
      ],
    }),
    state: sessionState,
  },
  {
    name: 'invite',
    method: 'POST',
    url: () => `/api/sessions/${sessionId}/invites`,
    body: () => ({ name: 'Aunt May', email: 'may@example.test' }),
    state: sessionState,
  },
  {
    name: 'location',
    method: 'PUT',
    url: () => '/api/location',
    body: () => ({
      latitude: 47.62,
      longitude: -122.34,
      accuracy: 8,
      timestamp: Date.now(),
      device: 'Pixel 8',
    }),
    state: () => rowsOf(h, sessionId),
  },
  {
    name: 'accept invite',
    method: 'POST',
    url: () => `/api/sessions/${sessionId}/invite/${inviteCode}/accept`,
    body: () => ({ code: inviteCode, lat: 47.6, lon: -122.3 }),
    state: sessionState,
  },
];

describe('poisoned text fields', () => {
  it.each(BODY_ROUTES.map((route) => [route.name, route] as const))(
    '%s answers 400 with a sentence for NUL, a lone surrogate or a control character in any text field, and changes nothing',
    async (_name, route) => {
      const before = await route.state();
      const body = route.body();
      const paths = stringPaths(body);
      expect(paths.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const path of paths) {
        for (const [label, change] of POISON) {
          const res = await h.app.inject({
            method: route.method,
            url: route.url(),
            headers: bearer(owner.token),
            payload: withString(body, path, change) as object,
          });
          const error = res.json<{ error?: unknown }>().error;
          if (res.statusCode !== 400 || typeof error !== 'string' || error.length < 10) {
            failures.push(`${label} in ${path.join('.')} → ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await route.state()).toEqual(before);
    },
  );
});

describe('list cursor', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['an impossible date', b64(['2025-02-30T10:00:00Z', 'abc2345'])],
    ['an hour 24', b64(['2025-05-01T24:00:00Z', 'abc2345'])],
    ['a NUL in its id', b64(['2025-05-01T10:00:00Z', 'abc\u00002345'])],
    ['a NUL of its own', '%00'],
    ['not base64url', 'a+b/c='],
  ])('answers 400 "Invalid cursor" for a cursor holding %s', async (_label, cursor) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/mine?cursor=${cursor}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid cursor' });
  });
});
