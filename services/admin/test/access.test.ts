import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@oneeta/service-kit/testing';
import { createSession, startSession, type SessionHarness } from '@oneeta/session/testing';
import { bearer, startAdmin, type AdminHarness } from './helpers.js';

type Who = 'nobody' | 'stranger' | 'owner' | 'admin';
let session: SessionHarness;
let h: AdminHarness;
const tokens = {} as Record<Exclude<Who, 'nobody'>, string>;
let owned: string; // known to the ledger through session.changed
let unseen: string; // a real session the ledger has not heard of: the session service says who owns it

beforeAll(async () => {
  session = await startSession();
  await session.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = session.app.server.address() as AddressInfo;
  // Published session.changed events of the real session service reach the ledger too: a separate
  // prefix keeps `unseen` unknown to it, so its owner comes from the membership route.
  h = await startAdmin({ SESSION_URL: `http://127.0.0.1:${port}` });
  const sessionOwner = await session.user({ plan: 'premium' });
  const admin = await h.user({ isAdmin: true });
  const stranger = await h.user();
  const ownerHere = await h.user({ id: sessionOwner.id, email: sessionOwner.email });
  Object.assign(tokens, { admin: admin.token, stranger: stranger.token, owner: ownerHere.token });
  owned = 'ownd123';
  await h.sessionChanged(owned, sessionOwner.id);
  await eventually(async () => (await h.ledger.sessionOwner(owned)) === sessionOwner.id);
  unseen = (await createSession(session, sessionOwner)).sessionId;
});
afterAll(async () => {
  await h.close();
  await session.close();
});

const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: who === 'nobody' ? {} : bearer(tokens[who]),
  });

describe('who may call what', () => {
  const ownerViews = (id: string) => [
    `/api/sessions/${id}/audit`,
    `/api/sessions/${id}/audit/summary`,
    `/api/sessions/${id}/matrix-usage?includeRequests=false`,
  ];
  const expected: Record<Who, number> = { nobody: 401, stranger: 403, owner: 200, admin: 200 };

  it("answers the owner's views to the session's owner and the administrator only, with the spec's texts", async () => {
    for (const id of [() => owned, () => unseen]) {
      for (const url of ownerViews(id())) {
        for (const who of Object.keys(expected) as Who[]) {
          const res = await call(who, 'GET', url);
          expect({ url, who, status: res.statusCode }).toEqual({ url, who, status: expected[who] });
          if (who === 'nobody') expect(res.json().error).toBe('Sign in to view audit logs');
          if (who === 'stranger')
            expect(res.json().error).toBe('You are not authorized to view logs for this session');
        }
      }
    }
  });

  it('answers every admin call to the administrator only (401 signed out, 403 anyone else)', async () => {
    const reads = [
      'azure-usage?limit=200',
      'matrix/top?limit=200',
      'notifications?limit=200',
      'chats?limit=200',
      'call-seconds?limit=200',
      `matrix/${owned}`,
      `azure-usage/${owned}/origins`,
      `notifications/${owned}`,
      `chats/${owned}`,
      `call-seconds/${owned}/participants`,
    ];
    const admin: Record<Who, number> = { nobody: 401, stranger: 403, owner: 403, admin: 200 };
    for (const path of reads) {
      for (const who of Object.keys(admin) as Who[]) {
        const res = await call(who, 'GET', `/api/admin/${path}`);
        expect({ path, who, status: res.statusCode }).toEqual({ path, who, status: admin[who] });
        if (res.statusCode !== 200) expect(res.json().error).toEqual(expect.any(String));
      }
    }
    for (const who of Object.keys(admin) as Who[]) {
      const res = await call(who, 'POST', '/api/admin/clear-audit', { confirm: 'CLEAR_AUDIT' });
      expect({ who, status: res.statusCode }).toEqual({ who, status: admin[who] });
    }
  });

  it('answers 400 with an error to a bad limit or session id, and 503 when the owner cannot be checked', async () => {
    for (const url of [
      '/api/admin/azure-usage?limit=0',
      '/api/admin/matrix/top?limit=201',
      '/api/admin/notifications?limit=abc',
    ]) {
      const res = await call('admin', 'GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await call('owner', 'GET', '/api/sessions/..%2F/audit')).statusCode).toBe(400);
    // Session ids in the admin paths are the contracts' ids: anything else is a 400 naming the id.
    const badIds = ['%00', 'a%00b', '%ED%A0%80', '..%2F', 'a%20b', '%C3%A9', 'x'.repeat(101)];
    const idPaths = (id: string) => [
      `matrix/${id}`,
      `chats/${id}`,
      `notifications/${id}`,
      `azure-usage/${id}/origins`,
      `call-seconds/${id}/participants`,
    ];
    for (const id of badIds)
      for (const path of idPaths(id)) {
        const res = await call('admin', 'GET', `/api/admin/${path}`);
        expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
        expect(res.json().error).toEqual(expect.any(String));
        if (id !== '%ED%A0%80' && id.length <= 100)
          expect(res.json().error).toMatch(/^Session id /);
      }
    // A ledger whose session service does not answer cannot tell a stranger from the owner.
    const cut = await startAdmin({ SESSION_URL: 'http://127.0.0.1:9' });
    try {
      const someone = await cut.user();
      const res = await cut.app.inject({
        method: 'GET',
        url: `/api/sessions/${unseen}/audit`,
        headers: bearer(someone.token),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(
        'Could not check who owns this session right now. Please try again.',
      );
    } finally {
      await cut.close();
    }
  });
});
