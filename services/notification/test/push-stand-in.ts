/**
 * A push service on this machine, standing in for FCM / Mozilla autopush / Apple: an HTTPS server
 * (a self-signed certificate the sender is told to trust) that checks each request's VAPID JWT,
 * decrypts the aes128gcm body with the private key of the "browser" the test made, and answers
 * what the test scripted for that device (201 by default).
 *
 * Its endpoints are on 127.0.0.1: a notification service sends to them only with the test-only
 * PUSH_ALLOW_PRIVATE_ENDPOINTS=true.
 *
 * The service's own tests and the browser tests (`@oneeta/notification/testing`) share it: in
 * process, a sender trusts it through `ca`; a stack of child processes through
 * NODE_EXTRA_CA_CERTS=`pushStandInCertificate`.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** The stand-in's certificate (CA:TRUE, for 127.0.0.1 and localhost): a file to trust. */
export const pushStandInCertificate = fileURLToPath(
  new URL('./fixtures/push-stand-in.crt', import.meta.url),
);
const cert = readFileSync(pushStandInCertificate);
const key = readFileSync(new URL('./fixtures/push-stand-in.key', import.meta.url));

export interface PushRequest {
  status: number;
  /** When it arrived (ms since the epoch). */
  at: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID key (k=) and JWT claims, when the request carried a valid one. */
  vapid?: { publicKey: string; aud: string; sub: string; exp: number };
  /** The decrypted payload (only for answers in the 2xx range: those are the delivered ones). */
  payload?: unknown;
  error?: string;
}

export interface StandInDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Every request the push service received for this device, in order. */
  requests: PushRequest[];
  /** Payloads accepted (2xx) for this device. */
  delivered: () => unknown[];
  /** The answers to the next requests (then 201): a status, or one with a Retry-After header. */
  script: (...answers: Answer[]) => void;
}

export type Answer = number | { status: number; retryAfter: string };

export async function startPushStandIn() {
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: string; device: StandInDevice; queue: Answer[] }
  >();
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const entry = id ? devices.get(id) : undefined;
        if (!entry || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        const answer = entry.queue.shift() ?? 201;
        const { status, retryAfter } =
          typeof answer === 'number' ? { status: answer, retryAfter: undefined } : answer;
        const request: PushRequest = {
          status,
          at: Date.now(),
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
        };
        try {
          request.vapid = await checkVapid(
            req.headers.authorization,
            `https://127.0.0.1:${port()}`,
          );
          if (status >= 200 && status < 300) {
            const plain = decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: entry.ecdh,
              authSecret: entry.auth,
            });
            request.payload = JSON.parse(plain.toString('utf8'));
          }
        } catch (err) {
          request.error = err instanceof Error ? err.message : String(err);
        }
        entry.device.requests.push(request);
        res
          .writeHead(request.error ? 400 : status, retryAfter ? { 'retry-after': retryAfter } : {})
          .end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;

  return {
    /** The stand-in's certificate: give it to the web-push sender to trust. */
    ca: cert,
    /** A new "browser": its own P-256 key pair and auth secret, and an endpoint at the stand-in. */
    device(): StandInDevice {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const queue: Answer[] = [];
      const device: StandInDevice = {
        id,
        subscription: {
          endpoint: `https://127.0.0.1:${port()}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        requests: [],
        delivered: () =>
          device.requests
            .filter((r) => r.status >= 200 && r.status < 300 && !r.error)
            .map((r) => r.payload),
        script: (...answers) => queue.push(...answers),
      };
      devices.set(id, { ecdh, auth, device, queue });
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8292: `vapid t=<JWT ES256>, k=<uncompressed P-256 public key>`; the JWT's aud is the push service's origin. */
async function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
    audience: origin,
    requiredClaims: ['exp', 'sub'],
  });
  if (payload.exp! - Date.now() / 1000 > 24 * 3600)
    throw new Error('VAPID JWT lives longer than 24 h');
  return { publicKey: k, aud: origin, sub: String(payload.sub), exp: payload.exp! };
}
