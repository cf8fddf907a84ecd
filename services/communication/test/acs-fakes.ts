/**
 * Local stand-ins for Azure Communication Services that speak its wire format, for ACS mode:
 * - the identity API (`/identities`, api-version 2023-10-01) over plain http (the identity client's
 *   allowInsecureConnection), which checks every request's HMAC-SHA256 signature with the access
 *   key exactly as @azure/communication-common's access-key policy makes it;
 * - the chat API: our own embedded chat server (ACS's chat wire format, proved by the conformance
 *   suite) over HTTPS with a test certificate, trusting only the identity fake's tokens.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTokenVerifier, loadConfig, createOutbox } from '@oneeta/service-kit';
import {
  createTestDatabase,
  createTestIssuer,
  openTestRedisInfra,
} from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { createChatStore, type ChatStore } from '../src/store/chat-store.js';
import { outbox as outboxTable } from '../src/store/schema.js';
import { createChatTokens, type ChatTokens } from '../src/domain/chat-tokens.js';
import { MIGRATIONS, testCertificate } from './helpers.js';

/** The ACS resource name in the fake's identity ids (`8:acs:<resource>_<guid>`, as ACS makes them). */
export const FAKE_ACS_RESOURCE = 'fakeacs';

export interface IdentityCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface AcsFakes {
  /** `endpoint=http://127.0.0.1:<identity port>/;accesskey=<base64>`: what ACS_CONNECTION_STRING holds. */
  connectionString: string;
  /** The same endpoint with a wrong key (every request must be refused). */
  wrongKeyConnectionString: string;
  /** The HTTPS chat endpoint and the certificate to trust for it. */
  chatEndpoint: string;
  ca: string;
  /** Every signed request the identity fake accepted, in order. */
  identityCalls: IdentityCall[];
  /** How many requests it refused (bad or missing signature). */
  refused(): number;
  /** The chat fake's store and token checker (assert what ACS holds, and whose tokens they are). */
  chat: { store: ChatStore; tokens: ChatTokens };
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The check ACS makes of an access-key request: `x-ms-content-sha256` is the body's SHA-256, and
 * `Authorization: HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=…` is the
 * HMAC-SHA256 (key: the base64-decoded access key) of
 * `VERB\n<path and query>\n<x-ms-date>;<host>;<content hash>`.
 */
export function hmacValid(req: IncomingMessage, body: string, accessKey: string): boolean {
  const date = req.headers['x-ms-date'];
  const hash = req.headers['x-ms-content-sha256'];
  const host = req.headers.host;
  const auth = /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=(.+)$/.exec(
    req.headers.authorization ?? '',
  );
  if (typeof date !== 'string' || typeof hash !== 'string' || !host || !auth) return false;
  // A request signed more than 15 minutes ago (or ahead) is a replay.
  if (!(Math.abs(Date.now() - Date.parse(date)) < 15 * 60_000)) return false;
  if (!equal(createHash('sha256').update(body).digest('base64'), hash)) return false;
  const url = new URL(req.url ?? '/', 'http://fake');
  const query = url.searchParams.toString();
  const pathAndQuery = query ? `${url.pathname}?${query}` : url.pathname;
  const expected = createHmac('sha256', Buffer.from(accessKey, 'base64'))
    .update(`${req.method}\n${pathAndQuery}\n${date};${host};${hash}`)
    .digest('base64');
  return equal(expected, auth[1]!);
}

export async function startAcsFakes(): Promise<AcsFakes> {
  const accessKey = randomBytes(32).toString('base64');
  const secret = randomBytes(32).toString('base64url');
  const known = new Set<string>();
  const identityCalls: IdentityCall[] = [];
  let refused = 0;
  const tokenFor = (id: string, minutes: unknown) =>
    createChatTokens(secret, typeof minutes === 'number' ? minutes * 60 : 1440 * 60).issue(id);

  // ── Identity (http) ───────────────────────────────────────────────────────────────────────
  const identity = createHttpServer((req, res) => {
    const send = (status: number, payload?: object) => {
      res.writeHead(status, payload ? { 'content-type': 'application/json' } : {});
      res.end(payload ? JSON.stringify(payload) : undefined);
    };
    const error = (status: number, code: string, message: string) =>
      send(status, { error: { code, message } });
    void (async () => {
      const text = await readBody(req);
      if (!hmacValid(req, text, accessKey)) {
        refused += 1;
        return error(401, 'Denied', 'Denied by the resource provider.');
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.searchParams.get('api-version') !== '2023-10-01')
        return error(400, 'InvalidApiVersion', 'The api-version is not supported.');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      identityCalls.push({ method: req.method ?? '', path: url.pathname, body });
      if (req.method === 'POST' && url.pathname === '/identities') {
        const id = `8:acs:${FAKE_ACS_RESOURCE}_${randomUUID()}`;
        known.add(id);
        const scopes = body?.createTokenWithScopes;
        const accessToken =
          Array.isArray(scopes) && scopes.length > 0
            ? await tokenFor(id, body?.expiresInMinutes)
            : undefined;
        return send(201, { identity: { id }, ...(accessToken ? { accessToken } : {}) });
      }
      const one = /^\/identities\/([^/:]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && one) {
        const id = decodeURIComponent(one[1]!);
        if (!known.delete(id)) return error(404, 'IdentityNotFound', 'Identity not found.');
        return send(204);
      }
      const issue = /^\/identities\/([^/]+)\/:issueAccessToken$/.exec(url.pathname);
      if (req.method === 'POST' && issue) {
        const id = decodeURIComponent(issue[1]!);
        if (!known.has(id)) return error(404, 'IdentityNotFound', 'Identity not found.');
        if (!Array.isArray(body?.scopes) || body.scopes.length === 0)
          return error(400, 'ValidationError', 'scopes is required.');
        return send(200, await tokenFor(id, body.expiresInMinutes));
      }
      return error(404, 'NotFound', `No route for ${req.method} ${url.pathname}`);
    })().catch((err: unknown) => error(500, 'InternalError', String(err)));
  });
  await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
  const identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}/`;

  // ── Chat (HTTPS): the embedded chat server over its own database, trusting the fake's tokens ──
  const infra = openTestRedisInfra('acsfake');
  const database = await createTestDatabase({
    schema: 'communication',
    migrationsFolder: MIGRATIONS,
  });
  const issuer = await createTestIssuer({ redis: infra.redis, prefix: infra.prefix });
  const config = loadConfig(configSchema, {
    ...infra.env,
    AUTH_URL: 'http://127.0.0.1:9',
    SESSION_URL: 'http://127.0.0.1:9',
  });
  const tokens = createChatTokens(secret, 3600);
  const outbox = createOutbox(outboxTable, 'communication');
  const app = await buildApp({
    config,
    db: database.db,
    redis: infra.redis,
    tokens,
    outbox,
    sessions: createSessionClient({ baseUrl: config.SESSION_URL, internalToken: undefined }),
    pingDb: database.ping,
    // ACS identities are no OneETA accounts: the chat server never needs one for them.
    accounts: () => Promise.resolve(null),
    verifier: createTokenVerifier({ jwks: issuer.jwks }),
  });
  await app.ready();
  const { key, cert } = await testCertificate();
  const chat = createHttpsServer({ key, cert }, (req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  const chatEndpoint = `https://127.0.0.1:${(chat.address() as AddressInfo).port}`;

  return {
    connectionString: `endpoint=${identityUrl};accesskey=${accessKey}`,
    wrongKeyConnectionString: `endpoint=${identityUrl};accesskey=${randomBytes(32).toString('base64')}`,
    chatEndpoint,
    ca: cert,
    identityCalls,
    refused: () => refused,
    chat: { store: createChatStore(database.db), tokens },
    close: async () => {
      await new Promise<void>((resolve) => identity.close(() => resolve()));
      identity.closeAllConnections();
      await new Promise<void>((resolve) => chat.close(() => resolve()));
      chat.closeAllConnections();
      await app.close();
      await infra.close();
      await database.destroy();
    },
  };
}
