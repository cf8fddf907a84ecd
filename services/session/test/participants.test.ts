import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '@oneeta/contracts';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';
import { invite, join, routeJobs, rowsOf, sync } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

/** A premium owner at (47, -122) with one active participant at (47.5, -122.5) and a map-placed guest. */
const world = async () => {
  const owner = await h.user({ plan: 'premium' });
  const { sessionId: id } = await createSession(h, owner, {
    participants: [
      { id: `user:${owner.id}`, lat: 47, lon: -122 },
      { id: 'mom', name: 'Mom', lat: 46, lon: -121 },
    ],
  });
  const member = await h.user({ plan: 'standard', name: 'Pat' });
  const pid = await join(h, owner, id, member, { lat: 47.5, lon: -122.5 });
  return { owner, member, id, pid };
};

const row = async (id: string, rowId: string) => (await rowsOf(h, id)).find((r) => r.id === rowId);

describe('participant sync', () => {
  it("updates the caller's own row matched by id and answers every participant", async () => {
    const { member, id, pid } = await world();
    const { res, participants } = await sync(h, member, id, [
      { id: pid, lat: 47.51, lon: -122.51, label: 'Patricia' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(participants.find((p) => p.id === pid)).toMatchObject({
      lat: 47.51,
      lon: -122.51,
      name: 'Patricia',
    });
    expect(participants.map((p) => p.id)).toEqual(expect.arrayContaining(['mom', pid]));
    expect(await row(id, pid)).toMatchObject({ lat: 47.51, lon: -122.51 });
  });

  it('matches an entry with an unknown id within 0.0005 degrees of the stored position as the same participant', async () => {
    const { member, id, pid } = await world();
    await sync(h, member, id, [{ id: 'local-self', lat: 47.5004, lon: -122.5005 }]);
    expect(await row(id, pid)).toMatchObject({ lat: 47.5004, lon: -122.5005 });
    expect(await row(id, 'local-self')).toBeUndefined();
  });

  it('treats an entry 0.0006 degrees away as someone else: the owner adds it, a participant cannot', async () => {
    const { owner, member, id, pid } = await world();
    await sync(h, member, id, [{ id: 'far', lat: 47.5006, lon: -122.5 }]);
    expect(await row(id, 'far')).toBeUndefined();
    expect(await row(id, pid)).toMatchObject({ lat: 47.5, lon: -122.5 });
    const { participants } = await sync(h, owner, id, [
      { id: 'friend', name: 'Friend', lat: 47.5006, lon: -122.5 },
    ]);
    expect(participants.find((p) => p.id === 'friend')).toMatchObject({
      name: 'Friend',
      status: 'active',
      userId: null,
    });
  });

  it("never lets a stale copy of another member's position overwrite it", async () => {
    const { owner, member, id, pid } = await world();
    await sync(h, member, id, [
      { id: pid, lat: 47.6, lon: -122.6 },
      { id: `user:${owner.id}`, lat: 10, lon: 10 },
      { id: 'mom', lat: 11, lon: 11 },
    ]);
    expect(await row(id, `user:${owner.id}`)).toMatchObject({ lat: 47, lon: -122 });
    expect(await row(id, 'mom')).toMatchObject({ lat: 46, lon: -121 });
    await sync(h, owner, id, [
      { id: `user:${owner.id}`, lat: 47.01, lon: -122.01 },
      { id: 'mom', lat: 46.2, lon: -121.2 },
      { id: pid, lat: 1, lon: 1 },
    ]);
    expect(await row(id, pid)).toMatchObject({ lat: 47.6, lon: -122.6 });
    expect(await row(id, 'mom')).toMatchObject({ lat: 46.2, lon: -121.2 });
  });

  it("queues one route job with reason 'participants' when a position moved", async () => {
    const { member, id, pid } = await world();
    await h.drained();
    await h.routeQueue.obliterate({ force: true });
    await sync(h, member, id, [{ id: pid, lat: 47.52, lon: -122.52 }]);
    expect(await routeJobs(h, id)).toEqual([
      expect.objectContaining({ sessionId: id, reason: 'participants' }),
    ]);
  });

  it('refuses anyone but members: anonymous 401, a pending invitee or a stranger 403', async () => {
    const { owner, id } = await world();
    const invitee = await h.user();
    await invite(h, owner, id, invitee.email);
    const stranger = await h.user();
    const body = { participants: [{ id: 'x', lat: 1, lon: 1 }] };
    const url = `/api/sessions/${id}/participants`;
    expect((await h.app.inject({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
    for (const u of [invitee, stranger]) {
      expect(
        (await h.app.inject({ method: 'PUT', url, payload: body, headers: bearer(u.token) }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('answers 409 in a closed session and 400 for an empty list', async () => {
    const { owner, member, id, pid } = await world();
    expect((await sync(h, member, id, [])).res.statusCode).toBe(400);
    await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/close`,
      headers: bearer(owner.token),
      payload: { confirm: true },
    });
    const closed = await sync(h, member, id, [{ id: pid, lat: 1, lon: 1 }]);
    expect(closed.res.statusCode).toBe(409);
    expect(closed.res.json().error).toBe(SESSION_MESSAGES.closed);
  });
});

describe('two members syncing at the same moment', () => {
  it('both positions persist, every time', async () => {
    const { owner, member, id, pid } = await world();
    const ownerPid = `user:${owner.id}`;
    for (let i = 1; i <= 6; i++) {
      const [a, b] = await Promise.all([
        sync(h, owner, id, [
          { id: ownerPid, lat: 47 + i / 100, lon: -122 },
          { id: pid, lat: 47.5, lon: -122.5 },
        ]),
        sync(h, member, id, [
          { id: ownerPid, lat: 47, lon: -122 },
          { id: pid, lat: 47.5 + i / 100, lon: -122.5 },
        ]),
      ]);
      expect([a.res.statusCode, b.res.statusCode]).toEqual([200, 200]);
      expect(await row(id, ownerPid)).toMatchObject({ lat: 47 + i / 100 });
      expect(await row(id, pid)).toMatchObject({ lat: 47.5 + i / 100 });
    }
  });
});
