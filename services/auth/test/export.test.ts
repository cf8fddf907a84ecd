/**
 * GET /api/auth/me/export against the real services it gathers from (each over its own database and
 * Redis namespace, answering on a real port): all of them answer, or the export is refused.
 * The other services' harnesses are their own test code, reached by path: they depend on auth, so
 * auth cannot depend on them. Billing's is loaded at run time, as its inferred types name files
 * only billing's own dependencies can reach.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, EXPORT_MESSAGES } from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import { startAdmin, type AdminHarness } from '../../admin/test/helpers.js';
import { startStack, type Stack } from '../../communication/test/helpers.js';
import { startNotification, type NotificationHarness } from '../../notification/test/helpers.js';
import { createSession } from '../../session/test/testing.js';
import { bearer, registerUser } from './factories.js';
import { startAuth, type AuthHarness } from './helpers.js';

interface BillingHarness {
  app: App;
  close(): Promise<void>;
}
const startBilling = async (): Promise<BillingHarness> => {
  const harness = new URL('../../billing/test-support/index.ts', import.meta.url).href;
  const loaded = (await import(harness)) as { startBilling: () => Promise<BillingHarness> };
  return loaded.startBilling();
};

const urlOf = async (app: App) => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

let chat: Stack;
let notification: NotificationHarness;
let billing: BillingHarness;
let admin: AdminHarness;
let urls: Record<string, string>;
const auths: AuthHarness[] = [];
const startAuthWith = async (env: Record<string, string> = {}) => {
  const auth = await startAuth({ ...urls, EXPORT_TIMEOUT_MS: '2000', ...env });
  auths.push(auth);
  return auth;
};

beforeAll(async () => {
  [chat, notification, billing, admin] = await Promise.all([
    startStack(),
    startNotification(),
    startBilling(),
    startAdmin(),
  ]);
  urls = {
    SESSION_URL: await urlOf(chat.session.app),
    COMMUNICATION_URL: await urlOf(chat.app),
    NOTIFICATION_URL: await urlOf(notification.app),
    BILLING_URL: await urlOf(billing.app),
    ADMIN_URL: await urlOf(admin.app),
  };
});
afterAll(async () => {
  for (const auth of auths) await auth.close();
  await Promise.all([chat?.close(), notification?.close(), billing?.close(), admin?.close()]);
});

describe('GET /api/auth/me/export', () => {
  it("answers the account and every service's data about it, as a JSON download without its password hash", async () => {
    const auth = await startAuthWith();
    const { user, token } = await registerUser(auth, { name: 'Ada Export' });
    // The same account at the session service (its tokens are the session harness's own).
    const there = await chat.session.issuer.user({
      id: user.id,
      email: user.email,
      plan: 'standard',
    });
    const { sessionId } = await createSession(chat.session, there);

    const res = await auth.app.inject({ url: '/api/auth/me/export', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const body = accountExportSchema.parse(res.json());
    expect(body.account).toMatchObject({
      user: { id: user.id, email: user.email, name: 'Ada Export' },
      emailVerifiedAt: null,
      passwordResetPending: false,
    });
    expect(body.session.sessions).toEqual([
      expect.objectContaining({ id: sessionId, role: 'owner' }),
    ]);
    expect(body.notification).toMatchObject({ devices: [], inbox: [] });
    expect(body.communication).toEqual({ messages: [], threads: [] });
    expect(body.billing).toMatchObject({ subscriptions: [], checkouts: [] });
    expect(body.admin).toMatchObject({ notifications: [], calls: [] });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
    expect((await auth.app.inject({ url: '/api/auth/me/export' })).statusCode).toBe(401);
  });

  it('answers 503 with an error, and no partial data, when a service does not answer', async () => {
    const auth = await startAuthWith({ BILLING_URL: 'http://127.0.0.1:9' });
    const { token } = await registerUser(auth);
    const res = await auth.app.inject({ url: '/api/auth/me/export', headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: EXPORT_MESSAGES.unavailable });
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers 503 when a service refuses the internal token', async () => {
    const auth = await startAuthWith({ INTERNAL_TOKEN: 'not-the-services-token-0123456789' });
    const { token } = await registerUser(auth);
    const res = await auth.app.inject({ url: '/api/auth/me/export', headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(EXPORT_MESSAGES.unavailable);
  });
});
