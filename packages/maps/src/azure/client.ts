/** Builds Azure Maps URLs, attaches auth, sends through the retrying transport. */
import type { z } from 'zod';
import type { ProviderError } from '../port.js';
import type { AzureCredentials } from './auth.js';
import { describeErrorBody, type HttpAnswer, type RequestCounter, type Transport } from './http.js';

export interface AzureCall {
  what: string;
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string | number | undefined>;
  /** JSON body; sent as application/geo+json, which the Route 2025-01-01 APIs consume. */
  body?: unknown;
}

export class AzureMapsClient {
  constructor(
    private readonly endpoint: string,
    readonly credentials: AzureCredentials,
    private readonly transport: Transport,
  ) {}

  /** Sends one call (with retries); resolves with any final answer, 2xx or not. */
  async call(call: AzureCall, counter: RequestCounter): Promise<HttpAnswer> {
    const base = this.endpoint.endsWith('/') ? this.endpoint : `${this.endpoint}/`;
    const url = new URL(call.path.replace(/^\//, ''), base);
    for (const [name, value] of Object.entries(call.query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(await this.credentials.headers()),
    };
    if (call.body !== undefined) headers['content-type'] = 'application/geo+json';
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    return this.transport.send(
      { what: call.what, method: call.method, url, headers, body },
      counter,
    );
  }

  /** Sends one call and parses a 2xx answer with `schema`; anything else throws ProviderError. */
  async callOk<S extends z.ZodType>(
    call: AzureCall,
    schema: S,
    counter: RequestCounter,
  ): Promise<z.infer<S>> {
    const answer = await this.call(call, counter);
    if (answer.status < 200 || answer.status > 299) throw this.error(call.what, answer);
    return this.parse(call.what, schema, answer.body);
  }

  parse<S extends z.ZodType>(what: string, schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? ` at ${issue.path.join('.') || '(root)'}: ${issue.message}` : '';
      throw this.transport.fail(
        `Azure Maps ${what} answered in an unexpected shape${where}`,
        200,
        false,
      );
    }
    return parsed.data;
  }

  /** ProviderError for a final non-2xx answer (4xx other than 408/429). */
  error(what: string, answer: HttpAnswer): ProviderError {
    const detail = describeErrorBody(answer.body);
    const hint =
      answer.status === 401 || answer.status === 403
        ? '. Check AZURE_MAPS_KEY, or the Entra ID app and its role on the Maps account (AZURE_MAPS_CLIENT_ID)'
        : '';
    return this.transport.fail(
      `Azure Maps ${what} failed: HTTP ${answer.status}${detail ? ` (${detail})` : ''}${hint}`,
      answer.status,
      false,
    );
  }
}
