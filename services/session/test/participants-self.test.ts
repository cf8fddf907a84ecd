import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  participantResponseSchema,
  participantsResponseSchema,
  SESSION_MESSAGES,
} from '@oneeta/contracts';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { accept, invite, join, routeJobs, rowsOf } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const world = async () => {
  const owner = await h.user({ plan: 'premium' });
  const { sessionId: id } = await createSession(h, owner, {
    participants: [{ id: 'mom', name: 'Mom', lat: 46, lon: -121 }],
  });
  const [member, other] = [await h.user({ plan: 'standard' }), await h.user({ plan: 'standard' })];
  const pid = await join(h, owner, id, member);
  const otherPid = await join(h, owner, id, other);
  return { owner, ownerPid: `user:${owner.id}`, member, pid, other, otherPid, id };
};

const post = (user: TestUser, url: string, payload?: object) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
const del = (user: TestUser, url: string) =>
  h.app.inject({ method: 'DELETE', url, headers: bearer(user.token) });
const options = { travelMode: 'bicycle', routeType: 'shortest', avoidTolls: true };

describe('route options and enroute', () => {
  it("the participant sets their own route options; a route job with reason 'routeOptions' is queued", async () => {
    const { member, pid, id } = await world();
    await h.drained();
    await h.routeQueue.obliterate({ force: true });
    const res = await post(member, `/api/sessions/${id}/participants/${pid}/routeOptions`, options);
    expect(res.statusCode).toBe(200);
    expect(participantResponseSchema.parse(res.json()).participant).toMatchObject({
      id: pid,
      routeOptions: options,
    });
    expect((await rowsOf(h, id)).find((r) => r.id === pid)?.routeOptions).toEqual(options);
    expect(await routeJobs(h, id)).toEqual([expect.objectContaining({ reason: 'routeOptions' })]);
  });

  it('nobody else may change them, not even the owner', async () => {
    const { owner, other, pid, id } = await world();
    for (const u of [owner, other]) {
      const res = await post(u, `/api/sessions/${id}/participants/${pid}/routeOptions`, options);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(SESSION_MESSAGES.onlySelf);
    }
    const bad = await post(
      owner,
      `/api/sessions/${id}/participants/user:${owner.id}/routeOptions`,
      { ...options, travelMode: 'plane' },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('the participant toggles enroute on and off; others get 403', async () => {
    const { owner, member, pid, id } = await world();
    const url = `/api/sessions/${id}/participants/${pid}/enroute`;
    expect((await post(member, url, { enroute: true })).json().participant.enroute).toBe(true);
    expect((await post(member, url, { enroute: false })).json().participant.enroute).toBe(false);
    expect((await post(owner, url, { enroute: true })).statusCode).toBe(403);
    expect((await rowsOf(h, id)).find((r) => r.id === pid)?.enroute).toBe(false);
  });
});

describe('removing a participant', () => {
  it('the owner removes another active participant, who then loses access to the session', async () => {
    const { owner, member, pid, id } = await world();
    const res = await del(owner, `/api/sessions/${id}/participants/${pid}`);
    expect(res.statusCode).toBe(200);
    expect(
      participantsResponseSchema.parse(res.json()).participants.map((p) => p.id),
    ).not.toContain(pid);
    const get = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}`,
      headers: bearer(member.token),
    });
    expect(get.statusCode).toBe(403);
  });

  it('the owner cannot be removed, pending participants are cancelled as invites, and only the owner removes', async () => {
    const { owner, ownerPid, member, otherPid, id } = await world();
    const self = await del(owner, `/api/sessions/${id}/participants/${ownerPid}`);
    expect([self.statusCode, self.json().error]).toEqual([
      400,
      SESSION_MESSAGES.ownerCannotBeRemoved,
    ]);
    const inv = await invite(h, owner, id, 'later@example.test');
    const pending = await del(owner, `/api/sessions/${id}/participants/invite:${inv.id}`);
    expect([pending.statusCode, pending.json().error]).toEqual([
      400,
      SESSION_MESSAGES.pendingCannotBeRemoved,
    ]);
    const byMember = await del(member, `/api/sessions/${id}/participants/${otherPid}`);
    expect([byMember.statusCode, byMember.json().error]).toEqual([403, SESSION_MESSAGES.onlyOwner]);
    expect((await del(owner, `/api/sessions/${id}/participants/nobody`)).statusCode).toBe(404);
    expect((await del(owner, `/api/sessions/${id}/participants/mom`)).statusCode).toBe(200);
  });

  it('a removed participant cannot rejoin with the code they used', async () => {
    const owner = await h.user({ plan: 'premium' });
    const { sessionId: id } = await createSession(h, owner);
    const guest = await h.user({ plan: 'standard' });
    const inv = await invite(h, owner, id, guest.email);
    expect((await accept(h, guest, id, inv.code)).statusCode).toBe(200);
    expect((await del(owner, `/api/sessions/${id}/participants/user:${guest.id}`)).statusCode).toBe(
      200,
    );
    expect((await accept(h, guest, id, inv.code)).statusCode).toBe(409);
  });
});

describe('leaving', () => {
  it("a participant leaves: status 'left', position cleared, gone from the list", async () => {
    const { member, pid, id } = await world();
    const res = await post(member, `/api/sessions/${id}/participants/${pid}/leave`);
    expect(res.statusCode).toBe(200);
    expect(res.json().participants.map((p: { id: string }) => p.id)).not.toContain(pid);
    const stored = (await rowsOf(h, id)).find((r) => r.id === pid);
    expect(stored).toMatchObject({ status: 'left', lat: null, lon: null, enroute: false });
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/sessions/${id}`,
          headers: bearer(member.token),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the owner cannot leave; nobody leaves on behalf of someone else', async () => {
    const { owner, ownerPid, other, pid, id } = await world();
    const own = await post(owner, `/api/sessions/${id}/participants/${ownerPid}/leave`);
    expect([own.statusCode, own.json().error]).toEqual([400, SESSION_MESSAGES.ownerCannotLeave]);
    for (const u of [owner, other])
      expect((await post(u, `/api/sessions/${id}/participants/${pid}/leave`)).statusCode).toBe(403);
    expect((await rowsOf(h, id)).find((r) => r.id === pid)?.status).toBe('active');
  });

  it('answers 409 for leave, remove, route options and enroute in a closed session', async () => {
    const { owner, member, pid, otherPid, id } = await world();
    await post(owner, `/api/sessions/${id}/close`, { confirm: true });
    const base = `/api/sessions/${id}/participants`;
    expect((await post(member, `${base}/${pid}/leave`)).statusCode).toBe(409);
    expect((await post(member, `${base}/${pid}/routeOptions`, options)).statusCode).toBe(409);
    expect((await post(member, `${base}/${pid}/enroute`, { enroute: true })).statusCode).toBe(409);
    expect((await del(owner, `${base}/${otherPid}`)).statusCode).toBe(409);
  });
});
