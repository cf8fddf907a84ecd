// Sends an operation's requests in small batches and checks every answer: no 5xx (nor no answer),
// every 4xx a JSON body with a string `error`, and no batch whose every request was refused changes
// what the snapshot reads. Collects the figures the suite prints.
import { describeRequest, send, type Answer, type FuzzRequest } from './client.js';
import { diffSnapshots } from './snapshot.js';

export const BATCH = 12;
const CONCURRENCY = 4;

export interface Finding {
  kind: '5xx' | 'no answer' | '4xx without {error}' | 'state changed' | 'bad token accepted';
  detail: string;
}

export class Figures {
  readonly operations = new Set<string>();
  sent = { valid: 0, invalid: 0 };
  readonly statuses = new Map<number, number>();
  /** Requests the document calls invalid (`strict`) answered 2xx: the document and service disagree. */
  readonly acceptedInvalid: string[] = [];
  /** Valid requests whose generated (or example) body fails its schema: a generator gap. */
  readonly offSchema: string[] = [];
  batchesCompared = 0;
  batchesWithSuccess = 0;
  readonly findings: Finding[] = [];
  slowest = { ms: 0, what: '' };
  /** Per operation: requests sent, and answers by class (2xx, 4xx, 429). */
  readonly perOperation = new Map<
    string,
    { sent: number; ok: number; refused: number; limited: number }
  >();

  record(req: FuzzRequest, answer: Answer): void {
    if (process.env.FUZZ_TRACE) process.stderr.write(`${describeRequest(req, answer)}\n`);
    this.operations.add(req.operationId);
    const row = this.perOperation.get(req.operationId) ?? {
      sent: 0,
      ok: 0,
      refused: 0,
      limited: 0,
    };
    row.sent += 1;
    if (answer.status >= 200 && answer.status < 300) row.ok += 1;
    else if (answer.status === 429) row.limited += 1;
    else if (answer.status >= 400 && answer.status < 500) row.refused += 1;
    this.perOperation.set(req.operationId, row);
    this.sent[req.kind] += 1;
    if (req.offSchema)
      this.offSchema.push(`${req.method} ${req.url} ${req.body?.slice(0, 200) ?? ''}`);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.ms > this.slowest.ms)
      this.slowest = { ms: answer.ms, what: `${req.method} ${req.url.slice(0, 80)}` };
    if (answer.status === 0)
      this.findings.push({ kind: 'no answer', detail: describeRequest(req, answer) });
    else if (answer.status >= 500)
      this.findings.push({ kind: '5xx', detail: describeRequest(req, answer) });
    else if (answer.status >= 400 && !hasError(req.url, answer))
      this.findings.push({ kind: '4xx without {error}', detail: describeRequest(req, answer) });
    else if (answer.status < 300 && req.variant.startsWith('token '))
      this.findings.push({ kind: 'bad token accepted', detail: describeRequest(req, answer) });
    else if (answer.status < 300 && req.strict)
      this.acceptedInvalid.push(describeRequest(req, answer));
  }

  count(kind: Finding['kind']): number {
    return this.findings.filter((f) => f.kind === kind).length;
  }
}

/**
 * The house error `{ error: "…" }`; under /chat/ (the embedded chat server speaks Azure
 * Communication Services' wire format) ACS's `{ error: { code, message } }`.
 */
function hasError(url: string, answer: Answer): boolean {
  const body = answer.json as { error?: unknown } | undefined;
  if (typeof body !== 'object' || body === null) return false;
  if (typeof body.error === 'string') return true;
  const acs = body.error as { code?: unknown; message?: unknown } | null | undefined;
  return (
    new URL(url, 'http://fuzz.invalid').pathname.startsWith('/chat/') &&
    typeof acs === 'object' &&
    acs !== null &&
    typeof acs.code === 'string' &&
    typeof acs.message === 'string'
  );
}

async function pool<T, R>(items: T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Runs `requests` in batches of BATCH. Around each batch that is not only GETs, `snap` reads the
 * state; when no request of the batch succeeded, the state after must equal the state before.
 */
export async function runBatches(
  base: string,
  requests: FuzzRequest[],
  figures: Figures,
  snap: () => Promise<string>,
): Promise<void> {
  let before: string | undefined;
  for (let i = 0; i < requests.length; i += BATCH) {
    const batch = requests.slice(i, i + BATCH);
    const reads = batch.every((r) => r.method === 'GET' || r.method === 'HEAD');
    if (!reads) before ??= await snap();
    const answers = await pool(batch, CONCURRENCY, (r) => send(base, r));
    batch.forEach((r, j) => figures.record(r, answers[j]!));
    if (reads) continue;
    const after = await snap();
    const succeeded = answers.some((a) => a.status >= 200 && a.status < 400);
    if (succeeded) figures.batchesWithSuccess += 1;
    else {
      figures.batchesCompared += 1;
      if (after !== before) {
        figures.findings.push({
          kind: 'state changed',
          detail:
            `a batch of ${batch.length} refused requests changed the state:\n${diffSnapshots(before!, after)}\n` +
            batch.map((r, j) => describeRequest(r, answers[j]!)).join('\n'),
        });
      }
    }
    before = after;
  }
}

export function figuresTable(f: Figures, totalOperations: number, seconds: number): string {
  const rows: [string, string][] = [
    ['operations in the document', String(totalOperations)],
    ['operations covered', String(f.operations.size)],
    ['requests sent', String(f.sent.valid + f.sent.invalid)],
    ['  schema-valid', String(f.sent.valid)],
    ['  invalid', String(f.sent.invalid)],
    ['  valid bodies off their schema', String(f.offSchema.length)],
    ['5xx answers', String(f.count('5xx'))],
    ['no answer (timeout, reset)', String(f.count('no answer'))],
    ['4xx without {error}', String(f.count('4xx without {error}'))],
    ['refused batches compared', String(f.batchesCompared)],
    ['  state changed', String(f.count('state changed'))],
    ['bad tokens accepted', String(f.count('bad token accepted'))],
    ['schema-invalid answered 2xx', String(f.acceptedInvalid.length)],
    ['slowest answer', `${f.slowest.ms} ms (${f.slowest.what})`],
    ['seconds', seconds.toFixed(1)],
  ];
  const statuses = [...f.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'none' : s}: ${n}`)
    .join(', ');
  rows.push(['statuses', statuses]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

/** One line per operation: what it was sent and how it answered. */
export function operationsTable(f: Figures): string {
  const rows = [...f.perOperation.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(9, ...rows.map(([k]) => k.length));
  const head = `${'operation'.padEnd(width)}  sent   2xx   4xx   429`;
  const lines = rows.map(
    ([k, r]) =>
      `${k.padEnd(width)}  ${String(r.sent).padStart(4)}  ${String(r.ok).padStart(4)}  ${String(r.refused).padStart(4)}  ${String(r.limited).padStart(4)}`,
  );
  return [head, ...lines].join('\n');
}
