import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@oneeta/contracts';
import { publishUserChanged } from '@oneeta/service-kit/testing';
import { bearer, createSession, getSession } from './factories.js';
import { INTERNAL_TOKEN, startSession, type SessionHarness, type TestUser } from './helpers.js';
import { accept, invite, SEATTLE } from './membership.js';

/**
 * A pending invite matched by e-mail counts only when the caller's e-mail is verified (anyone can
 * type an invitee's address into their profile); the invite code stays a way in on its own.
 */
let h: SessionHarness;
let owner: TestUser;
let sessionId: string;
let inviteId: string;
let code: string;
const EMAIL = 'Vera.Invited@example.test';

beforeAll(async () => {
  h = await startSession();
  owner = await h.user({ plan: 'premium' });
  const session = await createSession(h, owner, {
    participants: [{ id: 'guest-1', name: 'Guest', lat: SEATTLE.lat, lon: SEATTLE.lon }],
  });
  sessionId = session.sessionId;
  const created = await invite(h, owner, sessionId, EMAIL.toLowerCase());
  inviteId = created.id;
  code = created.code;
});
afterAll(() => h.close());

const member = (u: TestUser, email?: string) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/sessions/${sessionId}/members/${u.id}`,
    query: email ? { email } : {},
    headers: { 'x-internal-token': INTERNAL_TOKEN },
  });

describe('invites matched by e-mail', () => {
  it("refuses an unverified account holding an invitee's address: 403 on the session, no codes or positions, no deleting the invite", async () => {
    const squatter = await h.user({ email: EMAIL, emailVerified: false });
    const read = await getSession(h, sessionId, squatter.token);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain(code);
    expect(read.body).not.toContain(String(SEATTLE.lat));
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessionId}/invites/${inviteId}`,
      headers: bearer(squatter.token),
    });
    expect(del.statusCode).toBe(403);
    // The gateway sends no e-mail for an unverified account: not a member.
    expect((await member(squatter)).json()).toEqual({ member: false, role: null });
  });

  it('lets the same account in as the invitee once its e-mail is verified (user.changed), with its own invite code', async () => {
    const vera = await h.user({ email: EMAIL, emailVerified: false });
    expect((await getSession(h, sessionId, vera.token)).statusCode).toBe(403);
    await publishUserChanged(h.bus, { ...vera, emailVerified: true }, ['emailVerified']);
    await expect
      .poll(async () => (await getSession(h, sessionId, vera.token)).statusCode, { timeout: 5000 })
      .toBe(200);
    const session = sessionResponseSchema.parse(
      (await getSession(h, sessionId, vera.token)).json(),
    ).session;
    expect(session.viewerRole).toBe('invitee');
    expect(session.invites.find((i) => i.id === inviteId)?.code).toBe(code);
    expect((await member(vera, vera.email)).json()).toEqual({ member: true, role: 'invitee' });
  });

  it('still lets an unverified account in with the invite code', async () => {
    const holder = await h.user({ emailVerified: false });
    const res = await accept(h, holder, sessionId, code);
    expect(res.statusCode).toBe(200);
    expect((await getSession(h, sessionId, holder.token)).statusCode).toBe(200);
  });
});
