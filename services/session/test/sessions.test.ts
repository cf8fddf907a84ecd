import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_MESSAGES, sessionResponseSchema } from '@oneeta/contracts';
import { createSession, newSessionId, sessionBody, getSession, saveSession } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const save = (token: string | null, payload: object) => saveSession(h, token, payload);
const get = (id: string, token?: string) => getSession(h, id, token);

describe('POST /api/sessions (create)', () => {
  it('creates the session with the caller as owner participant and answers 201 {session}', async () => {
    const owner = await h.user({ plan: 'standard', name: 'Ana' });
    const body = sessionBody({
      participants: [
        { id: `user:${owner.id}`, lat: 47.62, lon: -122.35 },
        { id: 'guest-1', name: 'Bo', lat: 47.5, lon: -122.2 },
      ],
    });
    const res = await save(owner.token, body);
    expect(res.statusCode).toBe(201);
    const { session } = sessionResponseSchema.parse(res.json());
    expect(session).toMatchObject({
      sessionId: body.sessionId,
      creatorUserId: owner.id,
      isClosed: false,
      closedAt: null,
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(body.arriveAt!).toISOString(),
      destination: body.destination,
      viewerRole: 'owner',
    });
    expect(
      session.participants.map((p) => [p.id, p.name, p.isOwner, p.userId, p.lat, p.lon]),
    ).toEqual([
      [`user:${owner.id}`, 'Ana', true, owner.id, 47.62, -122.35],
      ['guest-1', 'Bo', false, null, 47.5, -122.2],
    ]);
  });

  it("names the owner by e-mail when the token has no name, and leaves the owner's position empty when not sent", async () => {
    const owner = await h.user({ plan: 'standard', name: null });
    const session = await createSession(h, owner);
    expect(session.participants).toHaveLength(1);
    expect(session.participants[0]).toMatchObject({
      name: owner.email,
      lat: null,
      lon: null,
      isOwner: true,
    });
  });

  it("answers 401 'Please sign in to save this session.' without a token and stores nothing", async () => {
    const body = sessionBody();
    const res = await save(null, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.signInToSave, code: 'not_authenticated' });
    expect((await get(body.sessionId)).statusCode).toBe(404);
  });

  it('rejects ids outside the 7-character alphabet with 400', async () => {
    const owner = await h.user({ plan: 'standard' });
    for (const sessionId of ['abc', 'abcdefgh', 'abcdef1', 'abcdefo', 'ABCDEFG']) {
      const res = await save(owner.token, sessionBody({ sessionId }));
      expect({ sessionId, status: res.statusCode }).toEqual({ sessionId, status: 400 });
      expect(res.json().error).toBe(
        'Session id must be 7 characters from a–z and 2–9 without i, l, o',
      );
    }
  });

  it("answers 409 'This session id is already taken' when another user owns the id", async () => {
    const owner = await h.user({ plan: 'standard' });
    const other = await h.user({ plan: 'standard' });
    const session = await createSession(h, owner);
    const res = await save(other.token, sessionBody({ sessionId: session.sessionId }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SESSION_MESSAGES.idTaken, code: 'id_taken' });
  });

  it('requires a destination confirmed from a search result', async () => {
    const owner = await h.user({ plan: 'standard' });
    for (const dest of [null, { name: 'Typed text', position: { lat: 1, lon: 2 } }]) {
      const res = await save(owner.token, sessionBody({ destination: dest as never }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(SESSION_MESSAGES.destinationRequired);
    }
    const noPosition = await save(owner.token, {
      ...sessionBody(),
      destination: { id: 'x', name: 'X' },
    });
    expect(noPosition.statusCode).toBe(400);
  });

  it('requires the arrival date and time', async () => {
    const owner = await h.user({ plan: 'standard' });
    const res = await save(owner.token, sessionBody({ arriveAt: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: SESSION_MESSAGES.dateTimeRequired,
      code: 'datetime_required',
    });
  });
});

describe('GET /api/sessions/:id', () => {
  it('answers 404 for an unknown id', async () => {
    const res = await get(newSessionId());
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(SESSION_MESSAGES.notFound);
  });

  it('shows the owner everything, a guest a coarse view without e-mail, and a signed-in stranger 403', async () => {
    const owner = await h.user({ plan: 'standard' });
    const created = await createSession(h, owner, {
      participants: [{ id: `user:${owner.id}`, lat: 47.612345, lon: -122.334455 }],
    });
    const mine = (await get(created.sessionId, owner.token)).json().session;
    expect(mine.participants[0]).toMatchObject({
      lat: 47.612345,
      lon: -122.334455,
      email: owner.email,
    });

    const guest = await get(created.sessionId);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().session).toMatchObject({
      viewerRole: 'guest',
      sessionId: created.sessionId,
    });
    expect(guest.json().session.participants[0]).toMatchObject({
      lat: 47.61,
      lon: -122.33,
      email: null,
      userId: null,
    });
    expect(guest.body).not.toContain(owner.email);

    const stranger = await h.user();
    const denied = await get(created.sessionId, stranger.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(SESSION_MESSAGES.accessDenied);

    const admin = await h.user({ isAdmin: true });
    expect((await get(created.sessionId, admin.token)).json().session.viewerRole).toBe('admin');
  });

  it('answers 401 for a bad token instead of the guest view', async () => {
    const owner = await h.user({ plan: 'standard' });
    const created = await createSession(h, owner);
    expect((await get(created.sessionId, 'not-a-token')).statusCode).toBe(401);
  });
});
