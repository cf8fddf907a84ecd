import {
  CHAT_API_VERSION,
  type ChatMessage,
  type ChatRealtimeEvent,
  type CommunicationMode,
} from '@oneeta/contracts';
import { subscribeChatFrames } from './chat-bus';
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

/** Someone read the thread up to `chatMessageId`. */
export interface ChatReadReceipt {
  senderId: string;
  chatMessageId: string;
  /** Epoch ms. */
  readOn: number;
}

/** The real-time events a transport hands to the widget (the session-level ones stay on /ws). */
export type ChatThreadEvent = Exclude<
  ChatRealtimeEvent,
  { type: 'chatThreadSwitched' } | { type: 'chatThreadDeleted' }
>;

/**
 * The chat port the widget talks to: one interface, one transport per chat server (the token's
 * `mode`). Embedded: the chat wire format (api-version 2025-03-15) with fetch on /chat/*, real time
 * through the session page's /ws socket. ACS: the `@azure/communication-chat` SDK and its own real-time
 * notifications (acs-transport.ts, loaded lazily).
 */
export interface ChatTransport {
  readonly mode: CommunicationMode;
  /** The newest messages of the thread (any order; the widget sorts and deduplicates). */
  listMessages(signal?: AbortSignal): Promise<ChatMessage[]>;
  /** Sends one message; resolves with the server's id. */
  sendMessage(content: string, senderDisplayName: string): Promise<{ id: string }>;
  /** Tells the others this user is typing (the caller throttles to one per 8 s). */
  sendTyping(senderDisplayName: string): Promise<void>;
  /** Tells the others this user has read the thread up to `chatMessageId`. */
  sendReadReceipt(chatMessageId: string): Promise<void>;
  /** Who has read up to where, as the server knows it now. */
  listReadReceipts(signal?: AbortSignal): Promise<ChatReadReceipt[]>;
  /** This thread's real-time events; answers the unsubscribe. */
  subscribe(listener: (event: ChatThreadEvent) => void): () => void;
  /** Stops what the transport runs (the ACS real-time connection). */
  close(): void;
}

/** How many of the newest messages the widget shows. */
export const CHAT_PAGE_SIZE = 100;

export interface RestTransportOptions {
  /** The session whose /ws chat frames are this thread's real time. */
  sessionId: string;
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
  const thread = `/chat/threads/${encodeURIComponent(options.threadId)}`;
  const version = `api-version=${CHAT_API_VERSION}`;
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
  const post = (path: string, body: unknown) =>
    call(`${thread}${path}?${version}`, { method: 'POST', body: JSON.stringify(body) });
  return {
    mode: 'embedded',
    async listMessages(signal) {
      const url = `${thread}/messages?${version}&maxPageSize=${CHAT_PAGE_SIZE}`;
      const response = await call(url, signal ? { signal } : {});
      const body = (await response.json()) as { value?: unknown };
      return Array.isArray(body.value) ? (body.value as ChatMessage[]) : [];
    },
    async sendMessage(content, senderDisplayName) {
      const response = await post('/messages', { content, senderDisplayName, type: 'text' });
      const body = (await response.json()) as { id?: unknown };
      return { id: typeof body.id === 'string' ? body.id : '' };
    },
    async sendTyping(senderDisplayName) {
      await post('/typing', senderDisplayName ? { senderDisplayName } : {});
    },
    async sendReadReceipt(chatMessageId) {
      await post('/readReceipts', { chatMessageId });
    },
    async listReadReceipts(signal) {
      const url = `${thread}/readReceipts?${version}&maxPageSize=${CHAT_PAGE_SIZE}`;
      const response = await call(url, signal ? { signal } : {});
      const body = (await response.json()) as {
        value?: {
          senderCommunicationIdentifier?: { rawId?: string; communicationUser?: { id?: string } };
          chatMessageId?: string;
          readOn?: string;
        }[];
      };
      return (body.value ?? []).flatMap((r) => {
        const senderId =
          r.senderCommunicationIdentifier?.communicationUser?.id ??
          r.senderCommunicationIdentifier?.rawId;
        const readOn = Date.parse(r.readOn ?? '');
        return senderId && r.chatMessageId && Number.isFinite(readOn)
          ? [{ senderId, chatMessageId: r.chatMessageId, readOn }]
          : [];
      });
    },
    subscribe(listener) {
      return subscribeChatFrames((frame) => {
        if (frame.sessionId !== options.sessionId || frame.threadId !== options.threadId) return;
        const event = frame.event;
        if (event.type === 'chatThreadSwitched' || event.type === 'chatThreadDeleted') return;
        listener(event);
      });
    },
    close() {},
  };
}
