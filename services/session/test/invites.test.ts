import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inviteCreatedDataSchema,
  inviteViewResponseSchema,
  MESSAGES,
  SESSION_MESSAGES,
  TOPICS,
} from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness } from './helpers.js';
import { accept, clearRouteJobs, invite, routeJobs, rowsOf, SEATTLE } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const owned = async () => {
  const owner = await h.user({ plan: 'premium' });
  return { owner, id: (await createSession(h, owner)).sessionId };
};

describe('creating an invite', () => {
  it('answers 201 with a long random code, adds a pending participant and publishes invite.created without the code', async () => {
    const { owner, id } = await owned();
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/invites`,
      headers: bearer(owner.token),
      payload: { name: 'Ana', email: ' Ana@Example.test ' },
    });
    expect(res.statusCode).toBe(201);
    const { invite: created } = res.json();
    expect(created).toMatchObject({
      name: 'Ana',
      email: 'ana@example.test',
      status: 'pending',
      pending: true,
    });
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pending = (await rowsOf(h, id)).find((r) => r.id === `invite:${created.id}`);
    expect(pending).toMatchObject({
      status: 'pending',
      name: 'Ana',
      email: 'ana@example.test',
      userId: null,
    });
    await h.drained();
    const events = await h.redis.xrange(streamKey(h.prefix, TOPICS.inviteCreated), '-', '+');
    const data = events
      .map(([, fields]) => JSON.parse(fields[1]!).data)
      .find((d) => d.inviteId === created.id);
    expect(inviteCreatedDataSchema.strict().parse(data)).toEqual({
      sessionId: id,
      inviteId: created.id,
      email: 'ana@example.test',
      name: 'Ana',
      inviterName: owner.name,
      inviterUserId: owner.id,
    });
    expect(JSON.stringify(data)).not.toContain(created.code);
  });

  it("answers 400 'Provide an email' when the e-mail is missing or blank", async () => {
    const { owner, id } = await owned();
    for (const payload of [{ name: 'No mail' }, { name: 'Blank', email: '  ' }]) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/sessions/${id}/invites`,
        headers: bearer(owner.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.provideEmail);
    }
    expect((await rowsOf(h, id)).filter((r) => r.status === 'pending')).toHaveLength(0);
  });

  it('gives each invite a different code', async () => {
    const { owner, id } = await owned();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await invite(h, owner, id, `x${i}@example.test`)).code);
    expect(codes.size).toBe(5);
  });
});

describe('validating a code', () => {
  it('shows an anonymous caller the invite and the session it leads to', async () => {
    const { owner, id } = await owned();
    const inv = await invite(h, owner, id, 'val@example.test', 'Val');
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}/invite/${inv.code}`,
    });
    expect(res.statusCode).toBe(200);
    const body = inviteViewResponseSchema.parse(res.json());
    expect(body.invite).toMatchObject({
      id: inv.id,
      name: 'Val',
      status: 'pending',
      code: inv.code,
    });
    expect(body.session).toMatchObject({
      sessionId: id,
      isClosed: false,
      tzId: 'America/Los_Angeles',
    });
  });

  it("answers 404 'Invalid invite' for a wrong code or an unknown session", async () => {
    const { id } = await owned();
    for (const url of [
      `/api/sessions/${id}/invite/not-the-code`,
      `/api/sessions/zzzzzzz/invite/not-the-code`,
    ]) {
      const res = await h.app.inject({ method: 'GET', url, remoteAddress: '10.1.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SESSION_MESSAGES.invalidInvite, code: 'invalid_invite' });
    }
  });
});

describe('accepting', () => {
  it("without a position answers 400 with code 'missing_location' and changes nothing", async () => {
    const { owner, id } = await owned();
    const guest = await h.user({ plan: 'standard' });
    const inv = await invite(h, owner, id, guest.email);
    for (const body of [{ code: inv.code }, { code: inv.code, lat: 47.6, lon: null }]) {
      const res = await accept(h, guest, id, inv.code, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: SESSION_MESSAGES.locationRequired,
        code: 'missing_location',
      });
    }
    const bare = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/invite/${inv.code}/accept`,
      headers: bearer(guest.token),
    });
    expect(bare.json()).toEqual({
      error: SESSION_MESSAGES.locationRequired,
      code: 'missing_location',
    });
    const rows = await rowsOf(h, id);
    expect(rows.find((r) => r.id === `invite:${inv.id}`)?.status).toBe('pending');
    expect(rows.some((r) => r.userId === guest.id)).toBe(false);
  });

  it('with a position turns the pending row into the active participant user:<id> and queues a route job', async () => {
    const { owner, id } = await owned();
    const guest = await h.user({ plan: 'standard', name: 'Gus' });
    const inv = await invite(h, owner, id, guest.email, 'Gus');
    await clearRouteJobs(h, id);
    const res = await accept(h, guest, id, inv.code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.participant).toMatchObject({
      id: `user:${guest.id}`,
      userId: guest.id,
      status: 'active',
      pending: false,
      ...SEATTLE,
    });
    expect(body.session).toMatchObject({ sessionId: id, viewerRole: 'participant' });
    const rows = await rowsOf(h, id);
    expect(rows.some((r) => r.id === `invite:${inv.id}`)).toBe(false);
    expect(body.session.invites).toEqual([]);
    expect(await routeJobs(h, id)).toEqual([expect.objectContaining({ reason: 'invite' })]);
  });

  it("records where the position came from: 'address' for a typed starting address, else 'device'; a bad source is 400", async () => {
    const { owner, id } = await owned();
    const [typed, device, bad] = [
      await h.user({ plan: 'standard' }),
      await h.user({ plan: 'standard' }),
      await h.user({ plan: 'standard' }),
    ];
    const [i1, i2, i3] = [
      await invite(h, owner, id, typed.email),
      await invite(h, owner, id, device.email),
      await invite(h, owner, id, bad.email),
    ];
    const res = await accept(h, typed, id, i1.code, {
      code: i1.code,
      ...SEATTLE,
      locationSource: 'address',
    });
    expect(res.json().participant.locationSource).toBe('address');
    expect((await accept(h, device, id, i2.code)).json().participant.locationSource).toBe('device');
    const refused = await accept(h, bad, id, i3.code, {
      code: i3.code,
      ...SEATTLE,
      locationSource: 'gps',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('error');
    expect((await rowsOf(h, id)).some((r) => r.userId === bad.id)).toBe(false);
    // The device's own position later replaces the typed address, and says so.
    const moved = await h.app.inject({
      method: 'PUT',
      url: '/api/location',
      headers: bearer(typed.token),
      payload: { latitude: 47.62, longitude: -122.35, accuracy: 10, timestamp: Date.now() },
    });
    expect(moved.statusCode).toBe(200);
    expect((await rowsOf(h, id)).find((r) => r.userId === typed.id)?.locationSource).toBe('device');
  });

  it('is idempotent for the same user and answers 409 to anyone else holding the used code', async () => {
    const { owner, id } = await owned();
    const [guest, other] = [await h.user({ plan: 'standard' }), await h.user({ plan: 'standard' })];
    const inv = await invite(h, owner, id, guest.email);
    expect((await accept(h, guest, id, inv.code)).statusCode).toBe(200);
    const again = await accept(h, guest, id, inv.code, { code: inv.code });
    expect(again.statusCode).toBe(200);
    expect(again.json().participant.id).toBe(`user:${guest.id}`);
    const taken = await accept(h, other, id, inv.code);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(SESSION_MESSAGES.inviteAlreadyUsed);
    expect((await rowsOf(h, id)).filter((r) => r.userId === guest.id)).toHaveLength(1);
  });
});

describe('declining and cancelling', () => {
  it('decline marks the invite declined, removes the pending row, and the code can no longer be accepted', async () => {
    const { owner, id } = await owned();
    const guest = await h.user();
    const inv = await invite(h, owner, id, guest.email);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/invite/${inv.code}/decline`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().invite).toMatchObject({ id: inv.id, status: 'declined', pending: false });
    expect((await rowsOf(h, id)).some((r) => r.id === `invite:${inv.id}`)).toBe(false);
    expect((await accept(h, guest, id, inv.code)).statusCode).toBe(409);
  });

  it('the owner cancels an invite: the invite and its pending participant are gone', async () => {
    const { owner, id } = await owned();
    const inv = await invite(h, owner, id, 'gone@example.test');
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${id}/invites/${inv.id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().participants.map((p: { id: string }) => p.id)).toEqual([`user:${owner.id}`]);
    const view = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}/invite/${inv.code}`,
      remoteAddress: '10.1.0.2',
    });
    expect(view.statusCode).toBe(404);
  });

  it('the invitee whose e-mail matches cancels their own invite; another signed-in user may not', async () => {
    const { owner, id } = await owned();
    const [guest, stranger] = [await h.user(), await h.user()];
    const inv = await invite(h, owner, id, guest.email.toUpperCase());
    const url = `/api/sessions/${id}/invites/${inv.id}`;
    expect(
      (await h.app.inject({ method: 'DELETE', url, headers: bearer(stranger.token) })).statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url, headers: bearer(guest.token) })).statusCode,
    ).toBe(200);
    expect((await rowsOf(h, id)).some((r) => r.status === 'pending')).toBe(false);
  });

  it('shows invite codes to the owner, and to an invitee only for their own invite', async () => {
    const { owner, id } = await owned();
    const [ivy, ned] = [await h.user(), await h.user()];
    const ivyInvite = await invite(h, owner, id, ivy.email.toUpperCase());
    const nedInvite = await invite(h, owner, id, ned.email);
    const codesSeenBy = async (token?: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sessions/${id}`,
        headers: token ? bearer(token) : {},
      });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries(
        (res.json().session.invites as { id: string; code?: string }[]).map((i) => [
          i.id,
          i.code ?? null,
        ]),
      );
    };
    expect(await codesSeenBy(owner.token)).toEqual({
      [ivyInvite.id]: ivyInvite.code,
      [nedInvite.id]: nedInvite.code,
    });
    expect(await codesSeenBy(ivy.token)).toEqual({
      [ivyInvite.id]: ivyInvite.code,
      [nedInvite.id]: null,
    });
    expect(await codesSeenBy(ned.token)).toEqual({
      [ivyInvite.id]: null,
      [nedInvite.id]: nedInvite.code,
    });
    // Guests see the two invites under opaque ids, without codes.
    expect(Object.values(await codesSeenBy())).toEqual([null, null]);
  });

  it('refuses to accept or decline in a closed session with 409', async () => {
    const { owner, id } = await owned();
    const guest = await h.user({ plan: 'standard' });
    const inv = await invite(h, owner, id, guest.email);
    const close = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/close`,
      headers: bearer(owner.token),
      payload: { confirm: true },
    });
    expect(close.statusCode).toBe(200);
    expect((await accept(h, guest, id, inv.code)).statusCode).toBe(409);
    const decline = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/invite/${inv.code}/decline`,
    });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().error).toBe(SESSION_MESSAGES.closed);
  });
});
