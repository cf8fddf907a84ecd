// The ACS transport (issue 16): the official `@azure/communication-chat` ChatClient and its real-time
// notifications. Only `open-transport.ts` imports this module, with a dynamic import, and only for
// a token whose mode is 'acs': the SDK is never in the landing page's or the session page's first
// chunks (vite.config keeps @azure/* out of the 'vendor' group).
import {
  ChatClient,
  type ChatMessage as SdkChatMessage,
  type ChatMessageReceivedEvent,
} from '@azure/communication-chat';
import {
  AzureCommunicationTokenCredential,
  getIdentifierRawId,
  type CommunicationIdentifierKind,
} from '@azure/communication-common';
import type { ChatMessage, ChatMessageType } from '@oneeta/contracts';
import {
  CHAT_PAGE_SIZE,
  ChatCallError,
  type ChatThreadEvent,
  type ChatTransport,
} from './transport';
import { CHAT_UI } from './texts';

export interface AcsTransportOptions {
  /** The SDK's ChatClient (tests pass a fake of the SDK). */
  ChatClient?: new (
    endpoint: string,
    credential: AzureCommunicationTokenCredential,
  ) => Pick<
    ChatClient,
    'getChatThreadClient' | 'on' | 'startRealtimeNotifications' | 'stopRealtimeNotifications'
  >;
  endpoint: string;
  threadId: string;
  token: string;
  /** A fresh token when the SDK's credential asks for one. */
  refreshToken: () => Promise<string>;
}

const rawIdOf = (id: CommunicationIdentifierKind | undefined): string | undefined =>
  id ? getIdentifierRawId(id) : undefined;

/** ACS names message types 'text', 'html', 'Text', 'RichText/Html', … */
export function messageTypeOf(type: string): ChatMessageType {
  const lower = type.toLowerCase();
  if (lower.includes('html')) return 'html';
  if (lower.includes('topic')) return 'topicUpdated';
  if (lower.includes('participantadded')) return 'participantAdded';
  if (lower.includes('participantremoved')) return 'participantRemoved';
  return 'text';
}

/** The SDK's message as the chat wire format's (what our widget logic reads). */
function wireMessage(m: SdkChatMessage): ChatMessage {
  const senderId = rawIdOf(m.sender);
  return {
    id: m.id,
    type: messageTypeOf(m.type),
    sequenceId: m.sequenceId,
    version: m.version,
    createdOn: m.createdOn.toISOString(),
    ...(m.content?.message !== undefined ? { content: { message: m.content.message } } : {}),
    ...(m.senderDisplayName ? { senderDisplayName: m.senderDisplayName } : {}),
    ...(senderId
      ? { senderCommunicationIdentifier: { rawId: senderId, communicationUser: { id: senderId } } }
      : {}),
    ...(m.deletedOn ? { deletedOn: m.deletedOn.toISOString() } : {}),
    ...(m.editedOn ? { editedOn: m.editedOn.toISOString() } : {}),
  };
}

function messageFields(e: ChatMessageReceivedEvent) {
  const senderId = rawIdOf(e.sender);
  return {
    id: e.id,
    sequenceId: e.id,
    version: e.version,
    messageType: messageTypeOf(e.type),
    ...(senderId ? { senderId } : {}),
    ...(e.senderDisplayName ? { senderDisplayName: e.senderDisplayName } : {}),
    createdOn: e.createdOn.toISOString(),
  };
}

function sdkError(error: unknown): ChatCallError {
  const e = error as { statusCode?: number; code?: string; message?: string };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 0;
  const message = status > 0 && e.message ? e.message : CHAT_UI.http(status);
  return new ChatCallError(message, status, e.code);
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw sdkError(error);
  }
}

/** The ACS transport: ChatClient on the token's endpoint, its real-time notifications started. */
export async function createAcsChatTransport(options: AcsTransportOptions): Promise<ChatTransport> {
  const credential = new AzureCommunicationTokenCredential({
    token: options.token,
    tokenRefresher: () => options.refreshToken(),
    refreshProactively: true,
  });
  const Client = options.ChatClient ?? ChatClient;
  const client = new Client(options.endpoint, credential);
  const thread = client.getChatThreadClient(options.threadId);
  const listeners = new Set<(event: ChatThreadEvent) => void>();
  const emit = (threadId: string, event: ChatThreadEvent) => {
    if (threadId !== options.threadId) return;
    for (const listener of listeners) listener(event);
  };
  client.on('chatMessageReceived', (e) =>
    emit(e.threadId, { type: 'chatMessageReceived', ...messageFields(e), content: e.message }),
  );
  client.on('chatMessageEdited', (e) =>
    emit(e.threadId, {
      type: 'chatMessageEdited',
      ...messageFields(e),
      content: e.message,
      editedOn: e.editedOn.toISOString(),
    }),
  );
  client.on('chatMessageDeleted', (e) =>
    emit(e.threadId, {
      type: 'chatMessageDeleted',
      ...messageFields({ ...e, message: '', metadata: {} }),
      deletedOn: e.deletedOn.toISOString(),
    }),
  );
  client.on('typingIndicatorReceived', (e) =>
    emit(e.threadId, {
      type: 'typingIndicatorReceived',
      senderId: rawIdOf(e.sender) ?? '',
      ...(e.senderDisplayName ? { senderDisplayName: e.senderDisplayName } : {}),
      receivedOn: e.receivedOn.toISOString(),
    }),
  );
  client.on('readReceiptReceived', (e) =>
    emit(e.threadId, {
      type: 'readReceiptReceived',
      senderId: rawIdOf(e.sender) ?? '',
      chatMessageId: e.chatMessageId,
      readOn: e.readOn.toISOString(),
    }),
  );
  // Real time is an improvement, not a condition (without it the widget keeps polling): the list
  // does not wait for its connection.
  void client.startRealtimeNotifications().catch(() => undefined);

  return {
    mode: 'acs',
    listMessages: (signal) =>
      guarded(async () => {
        const out: ChatMessage[] = [];
        const pages = thread.listMessages({
          maxPageSize: CHAT_PAGE_SIZE,
          ...(signal ? { abortSignal: signal } : {}),
        });
        for await (const message of pages) {
          out.push(wireMessage(message));
          if (out.length >= CHAT_PAGE_SIZE) break;
        }
        return out;
      }),
    sendMessage: (content, senderDisplayName) =>
      guarded(async () => {
        const sent = await thread.sendMessage({ content }, { senderDisplayName, type: 'text' });
        return { id: sent.id };
      }),
    sendTyping: (senderDisplayName) =>
      guarded(async () => {
        await thread.sendTypingNotification(senderDisplayName ? { senderDisplayName } : {});
      }),
    sendReadReceipt: (chatMessageId) =>
      guarded(async () => {
        await thread.sendReadReceipt({ chatMessageId });
      }),
    listReadReceipts: (signal) =>
      guarded(async () => {
        const out = [];
        for await (const r of thread.listReadReceipts(signal ? { abortSignal: signal } : {}))
          out.push({
            senderId: rawIdOf(r.sender) ?? '',
            chatMessageId: r.chatMessageId,
            readOn: r.readOn.getTime(),
          });
        return out;
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      void client.stopRealtimeNotifications().catch(() => undefined);
    },
  };
}
