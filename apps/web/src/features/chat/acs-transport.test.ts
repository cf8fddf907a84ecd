// The ACS transport against a fake of `@azure/communication-chat`'s ChatClient (the external SDK):
// what the SDK hands over (Date fields, CommunicationIdentifierKind senders, its event payloads)
// becomes the chat wire format and the real-time events the widget reads.
import type { ChatClient } from '@azure/communication-chat';
import { describe, expect, it } from 'vitest';
import { createAcsChatTransport, messageTypeOf } from './acs-transport';
import { contentOf, serverItems } from './chat-logic';
import type { ChatThreadEvent } from './transport';

const ada = { kind: 'communicationUser', communicationUserId: '8:acs:ada' } as const;
const T = new Date('2026-11-25T10:00:00.000Z');

async function* pages<T>(items: T[]) {
  for (const item of items) yield item;
}

function fakeChat(options: { failWith?: unknown } = {}) {
  const log: string[] = [];
  const handlers = new Map<string, (e: unknown) => void>();
  class FakeChatClient {
    constructor(readonly endpoint: string) {
      log.push(`client ${endpoint}`);
    }
    on(event: string, handler: (e: unknown) => void) {
      handlers.set(event, handler);
    }
    async startRealtimeNotifications() {
      log.push('realtime started');
    }
    async stopRealtimeNotifications() {
      log.push('realtime stopped');
    }
    getChatThreadClient(threadId: string) {
      log.push(`thread ${threadId}`);
      return {
        listMessages: () =>
          pages([
            {
              id: '2',
              type: 'text',
              sequenceId: '2',
              version: '2',
              createdOn: new Date(T.getTime() + 1000),
              sender: ada,
              senderDisplayName: 'Ada',
              content: { message: contentOf('hello', 'c1', 'Ada') },
            },
            { id: '1', type: 'participantAdded', sequenceId: '1', version: '1', createdOn: T },
          ]),
        sendMessage: async (request: { content: string }, o: { senderDisplayName: string }) => {
          if (options.failWith) throw options.failWith;
          log.push(`send ${request.content} as ${o.senderDisplayName}`);
          return { id: '3' };
        },
        sendTypingNotification: async (o: { senderDisplayName?: string }) => {
          log.push(`typing ${o.senderDisplayName}`);
          return true;
        },
        sendReadReceipt: async (r: { chatMessageId: string }) => {
          log.push(`read ${r.chatMessageId}`);
        },
        listReadReceipts: () => pages([{ sender: ada, chatMessageId: '2', readOn: T }]),
      };
    }
  }
  const fire = (event: string, payload: unknown) => handlers.get(event)?.(payload);
  return { ChatClient: FakeChatClient as unknown as typeof ChatClient, log, fire };
}

const token = () => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
};

async function open(fake: ReturnType<typeof fakeChat>) {
  return createAcsChatTransport({
    ChatClient: fake.ChatClient,
    endpoint: 'https://acs.example/',
    threadId: '19:t@thread.v2',
    token: token(),
    refreshToken: async () => token(),
  });
}

describe('the ACS chat transport (against a fake of the ChatClient SDK)', () => {
  it('lists, sends, types and reads through the SDK, with real-time notifications started', async () => {
    const fake = fakeChat();
    const transport = await open(fake);
    expect(transport.mode).toBe('acs');
    const list = await transport.listMessages();
    expect(list[0]).toMatchObject({
      id: '2',
      type: 'text',
      createdOn: '2026-11-25T10:00:01.000Z',
      senderDisplayName: 'Ada',
      senderCommunicationIdentifier: { rawId: '8:acs:ada', communicationUser: { id: '8:acs:ada' } },
    });
    // The widget's logic reads it as it reads the embedded server's: the system message hidden.
    expect(serverItems(list).map((i) => [i.id, i.text, i.senderId])).toEqual([
      ['2', 'hello', '8:acs:ada'],
    ]);
    expect(await transport.sendMessage('{"message":"hi"}', 'Olivia')).toEqual({ id: '3' });
    await transport.sendTyping('Olivia');
    await transport.sendReadReceipt('2');
    expect(await transport.listReadReceipts()).toEqual([
      { senderId: '8:acs:ada', chatMessageId: '2', readOn: T.getTime() },
    ]);
    expect(fake.log).toEqual([
      'client https://acs.example/',
      'thread 19:t@thread.v2',
      'realtime started',
      'send {"message":"hi"} as Olivia',
      'typing Olivia',
      'read 2',
    ]);
    transport.close();
    expect(fake.log).toContain('realtime stopped');
  });

  it("turns the SDK's events of this thread into the widget's events; other threads' are dropped", async () => {
    const fake = fakeChat();
    const transport = await open(fake);
    const events: ChatThreadEvent[] = [];
    transport.subscribe((e) => events.push(e));
    const base = {
      threadId: '19:t@thread.v2',
      sender: ada,
      senderDisplayName: 'Ada',
      recipient: ada,
    };
    fake.fire('chatMessageReceived', {
      ...base,
      id: '5',
      createdOn: T,
      version: '5',
      type: 'Text',
      message: 'hey',
      metadata: {},
    });
    fake.fire('typingIndicatorReceived', { ...base, version: '1', receivedOn: T });
    fake.fire('readReceiptReceived', { ...base, chatMessageId: '5', readOn: T });
    fake.fire('typingIndicatorReceived', {
      ...base,
      threadId: 'other',
      version: '1',
      receivedOn: T,
    });
    expect(events).toEqual([
      {
        type: 'chatMessageReceived',
        id: '5',
        sequenceId: '5',
        version: '5',
        messageType: 'text',
        senderId: '8:acs:ada',
        senderDisplayName: 'Ada',
        createdOn: T.toISOString(),
        content: 'hey',
      },
      {
        type: 'typingIndicatorReceived',
        senderId: '8:acs:ada',
        senderDisplayName: 'Ada',
        receivedOn: T.toISOString(),
      },
      {
        type: 'readReceiptReceived',
        senderId: '8:acs:ada',
        chatMessageId: '5',
        readOn: T.toISOString(),
      },
    ]);
  });

  it("a refusal keeps the service's sentence and status (the 429 of the free plan)", async () => {
    const refusal = Object.assign(
      new Error('The free plan sends at most 10 chat messages per hour.'),
      {
        statusCode: 429,
        code: 'TooManyRequests',
      },
    );
    const transport = await open(fakeChat({ failWith: refusal }));
    await expect(transport.sendMessage('x', 'A')).rejects.toMatchObject({
      name: 'ChatCallError',
      status: 429,
      code: 'TooManyRequests',
      message: 'The free plan sends at most 10 chat messages per hour.',
    });
    const offline = await open(fakeChat({ failWith: new TypeError('Failed to fetch') }));
    await expect(offline.sendMessage('x', 'A')).rejects.toMatchObject({
      status: 0,
      message: 'HTTP 0',
    });
  });

  it("reads ACS's message type names", () => {
    expect(messageTypeOf('Text')).toBe('text');
    expect(messageTypeOf('RichText/Html')).toBe('html');
    expect(messageTypeOf('topicUpdated')).toBe('topicUpdated');
    expect(messageTypeOf('participantAdded')).toBe('participantAdded');
    expect(messageTypeOf('ParticipantRemoved')).toBe('participantRemoved');
  });
});
