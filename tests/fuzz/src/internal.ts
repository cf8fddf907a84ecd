// The services' internal routes (never routed by the gateway) with hostile `x-internal-token`s:
// each must be refused with 403 and `{error}`, never a 5xx (which would also tell the token's length).
import { request as httpRequest } from 'node:http';
import type { Finding } from './run.js';

/** A route every service guards with its internal token. */
export const INTERNAL_PROBE_PATH = '/internal/openapi.json';

/** Wrong tokens, several of them the right token's length in characters, in other alphabets. */
export function hostileInternalTokens(real: string): [string, string][] {
  const n = real.length;
  return [
    ['empty', ''],
    ['wrong, same length', 'x'.repeat(n)],
    ['latin-1, same length', 'é'.repeat(n)],
    ['right but the last character latin-1', `${real.slice(0, -1)}ÿ`],
    ['right with a latin-1 character more', `${real}é`],
    ['prefix', real.slice(0, Math.max(1, n - 1))],
    ['right twice', `${real}${real}`],
    ['huge', 'a'.repeat(8_000)],
    ['upper case', real.toUpperCase() === real ? `${real.slice(0, -1)}Z` : real.toUpperCase()],
  ];
}

/** One GET over a socket, the header sent as the given latin-1 bytes (fetch would refuse some). */
export function getWithToken(
  url: string,
  token: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { headers: { 'x-internal-token': token }, timeout: 10_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ status: 0, text: error.message }));
    req.end();
  });
}

/** Probes every service: findings for each hostile token not answered 403 {error}, and the right one refused. */
export async function probeInternalRoutes(
  services: Record<string, string>,
  real: string,
): Promise<{ findings: Finding[]; sent: number }> {
  const findings: Finding[] = [];
  let sent = 0;
  for (const [name, base] of Object.entries(services)) {
    const url = `${base}${INTERNAL_PROBE_PATH}`;
    for (const [what, token] of hostileInternalTokens(real)) {
      const answer = await getWithToken(url, token);
      sent += 1;
      let error: unknown;
      try {
        error = (JSON.parse(answer.text) as { error?: unknown }).error;
      } catch {
        error = undefined;
      }
      if (answer.status === 403 && typeof error === 'string') continue;
      findings.push({
        kind:
          answer.status >= 500
            ? '5xx'
            : answer.status === 0
              ? 'no answer'
              : answer.status < 300
                ? 'bad token accepted'
                : '4xx without {error}',
        detail: `${name} GET ${INTERNAL_PROBE_PATH} with x-internal-token ${what} -> ${answer.status} ${answer.text.slice(0, 200)}`,
      });
    }
    const right = await getWithToken(url, real);
    sent += 1;
    if (right.status !== 200)
      findings.push({
        kind: '4xx without {error}',
        detail: `${name} refused its own internal token: ${right.status}`,
      });
  }
  return { findings, sent };
}
