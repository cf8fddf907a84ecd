/**
 * One self-hosted engine (an OSRM or Photon server) behind the shared retrying transport: builds
 * URLs under its base URL (which may have a path, e.g. https://host/routed-car), sends GETs with
 * the User-Agent, parses answers. Error messages name the engine and its URL.
 */
import type { z } from 'zod';
import { describeErrorBody, type HttpAnswer, type RequestCounter, Transport } from '../http.js';
import type { ProviderError } from '../port.js';

export interface EngineSettings {
  timeoutMs: number;
  maxAttempts: number;
  userAgent: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Query text with `;`, `,` and `:` left as they are (OSRM lists, bboxes, osm_tag filters). */
export function queryString(query: Array<[string, string]>): string {
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/%3B/gi, ';').replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

export class EngineClient {
  private readonly transport: Transport;
  private readonly base: string;

  constructor(
    /** 'OSRM' or 'Photon'. */
    readonly engine: string,
    readonly baseUrl: string,
    settings: EngineSettings,
  ) {
    this.base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
    this.transport = new Transport({
      service: `${engine} at ${baseUrl}`,
      timeoutMs: settings.timeoutMs,
      maxAttempts: settings.maxAttempts,
      fetch: settings.fetch,
      sleep: settings.sleep,
      random: settings.random,
      headers: { 'user-agent': settings.userAgent, accept: 'application/json' },
    });
  }

  url(path: string, query: Array<[string, string]>): URL {
    const url = new URL(path.replace(/^\//, ''), this.base);
    url.search = queryString(query);
    return url;
  }

  /** One GET (with retries); resolves with the final answer, 2xx or a client error. */
  get(
    what: string,
    path: string,
    query: Array<[string, string]>,
    counter: RequestCounter,
  ): Promise<HttpAnswer> {
    return this.transport.send(
      { what, method: 'GET', url: this.url(path, query), headers: {} },
      counter,
    );
  }

  /** A 2xx answer parsed with `schema`; anything else throws ProviderError. */
  async getOk<S extends z.ZodType>(
    what: string,
    path: string,
    query: Array<[string, string]>,
    schema: S,
    counter: RequestCounter,
  ): Promise<z.infer<S>> {
    const answer = await this.get(what, path, query, counter);
    if (answer.status < 200 || answer.status > 299) throw this.error(what, answer);
    return this.parse(what, schema, answer.body);
  }

  parse<S extends z.ZodType>(what: string, schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw this.unexpected(
      what,
      issue ? `at ${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid',
    );
  }

  /** ProviderError for a 2xx answer the adapter cannot read. */
  unexpected(what: string, detail: string): ProviderError {
    return this.transport.fail(
      `${this.engine} at ${this.baseUrl} ${what} answered in an unexpected shape ${detail}`,
      200,
      false,
    );
  }

  /** ProviderError for a final non-2xx answer, with the engine's own error text. */
  error(what: string, answer: HttpAnswer, hint = ''): ProviderError {
    const detail = describeErrorBody(answer.body);
    return this.transport.fail(
      `${this.engine} at ${this.baseUrl} ${what} failed: HTTP ${answer.status}${detail ? ` (${detail})` : ''}${hint}`,
      answer.status,
      false,
    );
  }
}
