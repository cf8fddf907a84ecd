import { CHAT_API_VERSION, type ChatMessage } from '@oneeta/contracts';
import { CHAT_UI } from './texts';

/** A refused or failed chat call: the server's sentence when it sent one, else 'HTTP {status}'. */
export class ChatCallError extends Error {
  override readonly name = 'ChatCallError';
  constructor(
    message: string,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The chat error body's code (e.g. 'TooManyRequests', 'Forbidden'). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The chat port the widget talks to: one interface, one transport per chat server. Ours speaks the
 * chat wire format (api-version 2025-03-15) with fetch on /chat/*; real time reaches the widget
 * through the session page's /ws socket, which refetches the list.
 */
export interface ChatTransport {
  /** The newest messages of the thread (any order; the widget sorts and deduplicates). */
  listMessages(signal?: AbortSignal): Promise<ChatMessage[]>;
  /** Sends one message; resolves with the server's id. */
  sendMessage(content: string, senderDisplayName: string): Promise<{ id: string }>;
}

/** How many of the newest messages the widget shows. */
export const CHAT_PAGE_SIZE = 100;

export interface RestTransportOptions {
  threadId: string;
  /** The current chat token (it may be refreshed between calls). */
  token: () => string;
  fetch?: typeof fetch;
}

async function errorOf(response: Response): Promise<ChatCallError> {
  let message: string | undefined;
  let code: string | undefined;
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: unknown } | string;
    };
    if (typeof body.error === 'string') message = body.error;
    else if (body.error) {
      if (typeof body.error.message === 'string' && body.error.message.trim())
        message = body.error.message;
      if (typeof body.error.code === 'string') code = body.error.code;
    }
  } catch {
    // no JSON body
  }
  return new ChatCallError(message ?? CHAT_UI.http(response.status), response.status, code);
}

/** Our transport: the embedded chat server under /chat/* on the page's own origin. */
export function createRestChatTransport(options: RestTransportOptions): ChatTransport {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = `/chat/threads/${encodeURIComponent(options.threadId)}/messages`;
  const call = async (url: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await doFetch(url, {
        ...init,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${options.token()}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ChatCallError(CHAT_UI.http(0), 0);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  };
  return {
    async listMessages(signal) {
      const url = `${base}?api-version=${CHAT_API_VERSION}&maxPageSize=${CHAT_PAGE_SIZE}`;
      const response = await call(url, signal ? { signal } : {});
      const body = (await response.json()) as { value?: unknown };
      return Array.isArray(body.value) ? (body.value as ChatMessage[]) : [];
    },
    async sendMessage(content, senderDisplayName) {
      const response = await call(`${base}?api-version=${CHAT_API_VERSION}`, {
        method: 'POST',
        body: JSON.stringify({ content, senderDisplayName, type: 'text' }),
      });
      const body = (await response.json()) as { id?: unknown };
      return { id: typeof body.id === 'string' ? body.id : '' };
    },
  };
}
