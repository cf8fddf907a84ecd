// The requests for one operation: schema-valid ones from every role that might call it, and invalid
// ones that break one part at a time (body, query, path, content type, token) with the rest valid.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { validArbitrary } from './arbitrary.js';
import type { FuzzRequest } from './client.js';
import { CHAT_API_VERSION, type People, type Role, type World } from './fixtures.js';
import { hostileArbitrary, HOSTILE_STRINGS, invalidArbitrary } from './invalid.js';
import { pinnedRequests, type Build } from './pinned.js';
import type { JsonSchema } from './schema.js';
import {
  fillPath,
  queryString,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from './openapi.js';

/** Who calls with a valid request, by the operation's access: the right role first. */
const ROLES: Record<Operation['access'], (Role | 'anonymous')[]> = {
  public: ['anonymous', 'stranger', 'owner'],
  user: ['owner', 'participant', 'stranger'],
  member: ['participant', 'owner', 'stranger'],
  owner: ['owner', 'participant', 'stranger'],
  admin: ['admin', 'owner', 'stranger'],
};

/** A seed per operation, so adding one to the document leaves the others' requests as they were. */
export function operationSeed(seed: number, operationId: string): number {
  return createHash('sha256').update(`${seed}:${operationId}`).digest().readInt32LE(0);
}

export interface PlanOptions {
  doc: OpenApiDocument;
  people: People;
  world: World;
  seed: number;
  valid: number;
  invalid: number;
  /** Whether a value fits a schema (ajv): decides which invalid bodies are invalid by the document. */
  check: (schema: JsonSchema, value: unknown) => boolean;
}

/**
 * The embedded chat server (`/chat/*`) takes the chat tokens of POST /api/communication/token, not
 * sign-in tokens, and answers the session's members: its calls are fuzzed as member calls with the
 * world's chat tokens (the document calls them public: the token is checked by the chat API itself).
 */
export const isChatOperation = (op: Operation): boolean => op.path.startsWith('/chat/');

export function planRequests(op: Operation, o: PlanOptions): FuzzRequest[] {
  const seed = operationSeed(o.seed, op.operationId);
  let n = 0;
  const sample = <T>(arb: fc.Arbitrary<T>, count: number): T[] =>
    count > 0 ? fc.sample(arb, { seed: seed + n++, numRuns: count }) : [];
  const chat = isChatOperation(op);
  const access = chat ? 'member' : op.access;
  const secured = chat || op.secured;
  const tokenOf = (role: Role | 'anonymous'): string | undefined =>
    role === 'anonymous'
      ? undefined
      : chat
        ? (o.world.chat.tokens[role] ?? o.world.chat.tokens.stranger)
        : (o.people[role] ?? o.people.owner).token;
  const roles = ROLES[access].filter((r) => r === 'anonymous' || r !== 'admin' || o.people.admin);
  const mainRole = roles[0]!;

  const known = knownPathValues(o.people, o.world);
  const pathArb = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        known[p.name]
          ? fc.constantFrom(...known[p.name]!)
          : (validArbitrary(o.doc, p.schema).map(String) as fc.Arbitrary<string>),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const knownQuery: Record<string, string> = chat ? { 'api-version': CHAT_API_VERSION } : {};
  const queryArb = fc.record(
    Object.fromEntries(
      op.queryParams.map((p) => [
        p.name,
        knownQuery[p.name] !== undefined
          ? fc.constant(knownQuery[p.name])
          : validArbitrary(o.doc, p.schema),
      ]),
    ),
    {
      requiredKeys: op.queryParams
        .filter((p) => p.required || knownQuery[p.name] !== undefined)
        .map((p) => p.name),
    },
  );
  const bodyArb = op.body ? validArbitrary(o.doc, op.body) : fc.constant(undefined);
  const validArb = fc.record({ path: pathArb, query: queryArb, body: bodyArb });

  const build: Build = (kind, variant, parts) => {
    const headers: Record<string, string> = {};
    const token = parts.token === undefined ? tokenOf(mainRole) : parts.token;
    if (token !== null && token !== undefined)
      headers.authorization = token.includes(' ') ? token : `Bearer ${token}`;
    const body =
      parts.rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
    const contentType =
      parts.contentType === undefined
        ? body === undefined
          ? undefined
          : 'application/json'
        : parts.contentType;
    if (contentType) headers['content-type'] = contentType;
    const query = typeof parts.query === 'string' ? parts.query : queryString(parts.query);
    return {
      operationId: op.operationId,
      kind,
      variant,
      strict: parts.strict,
      method: op.method,
      url: fillPath(op.path, parts.path) + query,
      headers,
      body,
    };
  };

  const requests: FuzzRequest[] = [];
  // Valid: spread over the roles, the right one getting half.
  const valids = sample(validArb, o.valid);
  // The document's own examples of the body go first, from the right role.
  op.bodyExamples.slice(0, Math.ceil(valids.length / 2)).forEach((example, i) => {
    valids[i * 2] = { ...valids[i * 2]!, body: example };
  });
  valids.forEach((v, i) => {
    const role =
      i % 2 === 0 ? mainRole : (roles[1 + ((i >> 1) % Math.max(1, roles.length - 1))] ?? mainRole);
    const request = build('valid', `role ${role}`, { ...v, token: tokenOf(role) ?? null });
    // A generator gap (or a wrong example in the document) shows as a valid body off its schema.
    if (op.body && v.body !== undefined && !o.check(op.body, v.body)) request.offSchema = true;
    requests.push(request);
  });

  // Pinned: unstorable text in every path and query value and in places of the body, hostile
  // webhook signatures; they count against the invalid share.
  const pinned = pinnedRequests(op, sample(validArb, 1)[0]!, build);
  requests.push(...pinned);
  const invalidCount = Math.max(0, o.invalid - pinned.length);

  // Invalid: one broken part each, over the variants this operation has.
  const variants: [string, fc.Arbitrary<FuzzRequest>][] = [];
  const withValid = <T>(
    arb: fc.Arbitrary<T>,
    f: (
      v: { path: Record<string, string>; query: Record<string, unknown>; body: unknown },
      x: T,
    ) => FuzzRequest,
  ) => fc.tuple(validArb, arb).map(([v, x]) => f(v, x));
  if (op.body) {
    const bad = invalidArbitrary(o.doc, op.body);
    if (bad)
      variants.push([
        'body invalid',
        withValid(bad, (v, body) =>
          build('invalid', 'body invalid', { ...v, body, strict: !o.check(op.body!, body) }),
        ),
      ]);
    variants.push([
      'body hostile',
      withValid(hostileArbitrary(o.doc, op.body), (v, body) =>
        build('invalid', 'body hostile', { ...v, body }),
      ),
    ]);
    variants.push([
      'content type',
      withValid(fc.constantFrom(...WRONG_CONTENT), (v, [contentType, raw]) =>
        build('invalid', `content-type ${contentType}`, {
          ...v,
          rawBody: raw ?? JSON.stringify(v.body),
          contentType,
        }),
      ),
    ]);
  }
  if (op.body || op.method !== 'GET') {
    const what = op.body ? 'body' : 'unexpected body';
    variants.push([
      'body garbage',
      withValid(fc.constantFrom(...GARBAGE_BODIES), (v, [name, raw]) =>
        build('invalid', `${what} ${name}`, {
          ...v,
          rawBody: raw,
          contentType: 'application/json',
          strict: op.body !== undefined && rawBreaks(op.body, raw),
        }),
      ),
    ]);
  }
  /** Text that is no JSON, or JSON the schema refuses (an empty body when one is required). */
  function rawBreaks(schema: JsonSchema, raw: string): boolean {
    if (raw === '') return op.bodyRequired;
    try {
      return !o.check(schema, JSON.parse(raw));
    } catch {
      return true;
    }
  }
  if (op.queryParams.length > 0) {
    variants.push([
      'query',
      withValid(queryBreaker(o.doc, op.queryParams), (v, [name, value, source]) =>
        build('invalid', `query ${name} ${source}`, {
          ...v,
          query: { ...v.query, [name]: value },
          strict: source === 'schema',
        }),
      ),
    ]);
    variants.push([
      'query repeated',
      withValid(fc.constantFrom(...op.queryParams), (v, p) =>
        build('invalid', `query ${p.name} twice`, {
          ...v,
          query: `${queryString(v.query)}${Object.keys(v.query).length ? '&' : '?'}${p.name}=1&${p.name}=x`,
        }),
      ),
    ]);
  }
  if (op.pathParams.length > 0) {
    variants.push([
      'path',
      withValid(pathBreaker(o.doc, op.pathParams), (v, [name, value, source]) =>
        build('invalid', `path ${name} ${source}`, {
          ...v,
          path: { ...v.path, [name]: value },
          strict: source === 'schema',
        }),
      ),
    ]);
  }
  if (secured || op.optionalToken) {
    // A bad token on a call that needs one must be refused; on one that only reads it, it may be
    // ignored (answered as anonymous), so only the first kind is reported when it succeeds.
    const prefix = secured ? 'token' : 'optional token';
    const good = tokenOf(mainRole) ?? o.people.owner.token;
    const tokenArb = fc.constantFrom(...badTokens(good));
    variants.push([
      'token',
      withValid(tokenArb, (v, [name, token]) =>
        build('invalid', `${prefix} ${name}`, { ...v, token, strict: secured }),
      ),
    ]);
  }
  if (variants.length > 0) {
    const picks = sample(fc.integer({ min: 0, max: variants.length - 1 }), invalidCount);
    // Round-robin first (each variant at least once), then as drawn.
    const counts = picks.map((p, i) => (i < variants.length ? i : p));
    const per = new Map<number, number>();
    for (const c of counts) per.set(c, (per.get(c) ?? 0) + 1);
    for (const [index, count] of per) requests.push(...sample(variants[index]![1], count));
  }
  return requests;
}

/** Ids the fixtures made, by the path parameter names the routes use. */
function knownPathValues(people: People, world: World): Record<string, string[]> {
  return {
    id: [world.sessionId],
    sessionId: [world.sessionId],
    pid: [world.participantPid, world.ownerPid],
    inviteId: [world.pendingInvite.id, world.acceptedInvite.id],
    code: [world.pendingInvite.code, world.acceptedInvite.code],
    userId: [people.participant.id, people.owner.id],
    chatThreadId: [world.chat.threadId],
    chatMessageId: [world.chat.messageId],
  };
}

type Broken = [name: string, value: unknown, source: 'schema' | 'hostile' | 'unknown'];

function paramBreaker(
  doc: OpenApiDocument,
  params: Parameter[],
  extra: fc.Arbitrary<string>,
): fc.Arbitrary<Broken> {
  return fc.constantFrom(...params).chain((p) => {
    const bad = invalidArbitrary(doc, p.schema);
    const options: fc.Arbitrary<Broken>[] = [
      fc.constantFrom(...HOSTILE_STRINGS).map((v): Broken => [p.name, v, 'hostile']),
      extra.map((v): Broken => [p.name, v, 'unknown']),
    ];
    // Query and path values travel as text: a wrong JSON type may read as a valid string.
    if (bad)
      options.push(
        bad.map((v): Broken =>
          typeof v === 'string' ? [p.name, v, 'schema'] : [p.name, JSON.stringify(v), 'hostile'],
        ),
      );
    return fc.oneof(...options);
  });
}

/** Bad ids: invalid for the schema, hostile, or well formed but unknown. */
function pathBreaker(
  doc: OpenApiDocument,
  params: Parameter[],
): fc.Arbitrary<[string, string, Broken[2]]> {
  const unknown = fc.constantFrom(
    'zzzzzzz',
    '2222222',
    'user:nobody',
    '00000000-0000-0000-0000-000000000000',
    'fuzz-unknown-id',
  );
  return paramBreaker(doc, params, unknown).map(([name, value, source]) => [
    name,
    String(value),
    source,
  ]);
}

/** Bad query values, including bad cursors and bounds. */
function queryBreaker(doc: OpenApiDocument, params: Parameter[]): fc.Arbitrary<Broken> {
  const extra = fc.constantFrom(
    '-1',
    '0',
    '1e400',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '[]',
    '{}',
    'true',
    Buffer.from('{"updatedAt":"x","id":"y"}').toString('base64url'),
  );
  return paramBreaker(doc, params, extra);
}

const WRONG_CONTENT: [string, string | undefined][] = [
  ['text/plain', undefined],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  ],
  ['application/xml', '<a>1</a>'],
  ['application/json; charset=utf-16', undefined],
  ['application/octet-stream', '\u0000\u0001\u0002'],
];

const DEPTH = 5_000;
const GARBAGE_BODIES: [string, string][] = [
  ['truncated', '{"a":'],
  ['null', 'null'],
  ['array', '[]'],
  ['string', '"fuzz"'],
  ['number', '1e400'],
  ['empty', ''],
  ['nul', '\u0000'],
  ['bom', '\uFEFF{}'],
  ['deep arrays', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`],
  ['deep objects', `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`],
  ['proto', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'],
  ['lone surrogate escape', '{"name":"\\ud800","email":"\\udfff@x.io"}'],
  ['huge', JSON.stringify({ name: 'x'.repeat(2_000_000) })],
];

/** Tokens that must each be refused like no token: absent, junk, tampered, expired-looking, unsigned. */
function badTokens(good: string): [string, string | null][] {
  const [header = '', payload = '', signature = ''] = good.split('.');
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    claims = {};
  }
  return [
    ['none', null],
    ['garbage', 'garbage'],
    ['empty bearer', 'Bearer '],
    ['basic scheme', 'Basic Zm9vOmJhcg=='],
    ['expired', `${header}.${b64({ ...claims, exp: 1, iat: 0 })}.${signature}`],
    [
      'admin claim',
      `${header}.${b64({ ...claims, isAdmin: true, plan: 'enterprise' })}.${signature}`,
    ],
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: 9_999_999_999 })}.`],
    ['bad signature', `${header}.${payload}.${signature.slice(0, -4)}AAAA`],
    ['trailing junk', `${good}.junk`],
    ['nul', `${good}\u0000`.replace('\u0000', '%00')],
    ['huge', 'a'.repeat(8_000)],
  ];
}
