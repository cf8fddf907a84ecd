import {
  ChatClient,
  type ChatClientOptions,
  type ChatParticipant,
} from '@azure/communication-chat';
import {
  AzureCommunicationTokenCredential,
  isCommunicationUserIdentifier,
  parseConnectionString,
} from '@azure/communication-common';
import {
  CommunicationIdentityClient,
  type CommunicationIdentityClientOptions,
} from '@azure/communication-identity';
import { and, eq, isNull } from 'drizzle-orm';
import {
  HttpError,
  isUnavailableError,
  RETRY_AFTER_SECONDS,
  type Database,
  type Outbox,
} from '@oneeta/service-kit';
import { chatEventNudges } from '../store/chat-store.js';
import { acsIdentities, acsThreads, type AcsThreadRow } from '../store/schema.js';
import type { ChatBackend, ChatPerson, SessionThread } from './chat-backend.js';
import { SESSION_THREAD_TOPIC } from './embedded-chat.js';

/** The stored identity row of the service itself (it creates the threads and manages members). */
export const ACS_SERVICE_USER = 'service:communication';
/** What a user's ACS token may do: chat and (with @azure/communication-calling) calls. */
export const ACS_USER_SCOPES = ['chat', 'voip'] as const;

export interface AcsChatOptions {
  /** `endpoint=https://<resource>.communication.azure.com/;accesskey=<base64 key>` */
  connectionString: string;
  db: Database;
  outbox?: Outbox | undefined;
  onCommit?: (() => void) | undefined;
  /** Where the chat API is, when not the connection string's endpoint (tests: a separate fake). */
  chatEndpoint?: string | undefined;
  /** Pipeline options of the identity client (tests: allowInsecureConnection for an http fake). */
  identityOptions?: CommunicationIdentityClientOptions | undefined;
  /** Pipeline options of the chat client (tests: the fake's certificate). */
  chatOptions?: ChatClientOptions | undefined;
}

export const ACS_UNAVAILABLE = 'Could not reach the chat service right now. Please try again.';

/**
 * ACS unreachable, throttling (429) or failing (5xx): a 503 with Retry-After for the caller (the
 * member sync throws it too, and the bus redelivers). Anything else (a refusal) stays as it is.
 */
function unavailable(err: unknown): unknown {
  const status = (err as { statusCode?: unknown }).statusCode;
  const busy = typeof status === 'number' && (status === 429 || status >= 500);
  return busy || isUnavailableError(err)
    ? new HttpError(503, ACS_UNAVAILABLE, 'unavailable', {
        'retry-after': String(RETRY_AFTER_SECONDS),
      })
    : err;
}

/** Every method of the backend, with ACS's outages as {@link unavailable} says. */
function guarded(backend: ChatBackend): ChatBackend {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        throw unavailable(err);
      }
    };
  return {
    mode: backend.mode,
    endpoint: backend.endpoint,
    identityOf: wrap(backend.identityOf),
    token: wrap(backend.token),
    sessionThread: wrap(backend.sessionThread),
    createSessionThread: wrap(backend.createSessionThread),
    members: wrap(backend.members),
    addMembers: wrap(backend.addMembers),
    removeMember: wrap(backend.removeMember),
    reset: wrap(backend.reset),
    close: wrap(backend.close),
    reopen: wrap(backend.reopen),
    forgetUser: wrap(backend.forgetUser),
  };
}

const sessionThreadOf = (row: AcsThreadRow): SessionThread => ({
  id: row.id,
  sessionId: row.sessionId,
  createdBy: row.ownerAcsId,
  closed: false,
});

/**
 * Azure Communication Services behind the port: identities and tokens from
 * @azure/communication-identity (the user → ACS identity map in this service's database), threads
 * created and members added and removed server-side with @azure/communication-chat as the
 * service's own ACS identity. Browsers then talk to ACS itself with the tokens issued here.
 */
export function createAcsChat(opts: AcsChatOptions): ChatBackend {
  const { db } = opts;
  const endpoint = (
    opts.chatEndpoint ?? parseConnectionString(opts.connectionString).endpoint
  ).replace(/\/+$/, '');
  const identity = new CommunicationIdentityClient(
    opts.connectionString,
    opts.identityOptions ?? {},
  );

  const storedIdentity = async (userId: string): Promise<string | null> => {
    const [row] = await db.select().from(acsIdentities).where(eq(acsIdentities.userId, userId));
    return row?.acsId ?? null;
  };
  /** Keeps a new identity unless another replica stored one first; returns the one that stands. */
  const keepIdentity = async (userId: string, acsId: string): Promise<string> => {
    await db.insert(acsIdentities).values({ userId, acsId }).onConflictDoNothing({
      target: acsIdentities.userId,
    });
    return (await storedIdentity(userId))!;
  };
  const identityOf = async (userId: string): Promise<string> =>
    (await storedIdentity(userId)) ??
    keepIdentity(userId, (await identity.createUser()).communicationUserId);

  // The service's chat client, signed in as its own identity (tokens refreshed by the credential).
  let serviceChat: Promise<{ client: ChatClient; id: string }> | undefined;
  const chat = () => {
    serviceChat ??= (async () => {
      const id = await identityOf(ACS_SERVICE_USER);
      const credential = new AzureCommunicationTokenCredential({
        tokenRefresher: async () =>
          (await identity.getToken({ communicationUserId: id }, ['chat'])).token,
        refreshProactively: true,
      });
      return { client: new ChatClient(endpoint, credential, opts.chatOptions), id };
    })().catch((err: unknown) => {
      serviceChat = undefined;
      throw err;
    });
    return serviceChat;
  };

  const participantsOf = async (people: ChatPerson[]): Promise<ChatParticipant[]> =>
    Promise.all(
      people.map(async (p) => ({
        id: { communicationUserId: await identityOf(p.userId) },
        displayName: p.displayName,
      })),
    );
  /** A new ACS thread (the service its creator) with the given members; its id. */
  const createThread = async (members: ChatParticipant[]): Promise<string> => {
    const { client } = await chat();
    const result = await client.createChatThread(
      { topic: SESSION_THREAD_TOPIC },
      { participants: members },
    );
    if (!result.chatThread) throw new Error('ACS created no chat thread');
    return result.chatThread.id;
  };
  const deleteThread = async (id: string) => (await chat()).client.deleteChatThread(id);
  const live = async (sessionId: string) =>
    (
      await db
        .select()
        .from(acsThreads)
        .where(and(eq(acsThreads.sessionId, sessionId), isNull(acsThreads.deletedOn)))
    )[0] ?? null;

  const backend: ChatBackend = {
    mode: 'acs',
    endpoint,
    identityOf,
    async token(userId) {
      const scopes = [...ACS_USER_SCOPES];
      const known = await storedIdentity(userId);
      if (known) {
        const t = await identity.getToken({ communicationUserId: known }, scopes);
        return { id: known, token: t.token, expiresOn: t.expiresOn.toISOString() };
      }
      // First use: identity and token in one call.
      const made = await identity.createUserAndToken(scopes);
      const id = await keepIdentity(userId, made.user.communicationUserId);
      const t =
        id === made.user.communicationUserId
          ? made
          : await identity.getToken({ communicationUserId: id }, scopes);
      return { id, token: t.token, expiresOn: t.expiresOn.toISOString() };
    },
    async sessionThread(sessionId) {
      const row = await live(sessionId);
      return row ? sessionThreadOf(row) : null;
    },
    async createSessionThread(sessionId, author) {
      const existing = await live(sessionId);
      if (existing) return sessionThreadOf(existing);
      const [member] = await participantsOf([author]);
      const id = await createThread([member!]);
      const ownerAcsId = await identityOf(author.userId);
      const inserted = await db
        .insert(acsThreads)
        .values({ id, sessionId, ownerAcsId })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return sessionThreadOf(inserted[0]);
      // Two first calls at once: the other one's thread stands; ours goes.
      await deleteThread(id).catch(() => undefined);
      const row = await live(sessionId);
      if (!row) throw new Error(`no ACS thread for session ${sessionId}`);
      return sessionThreadOf(row);
    },
    async members(thread) {
      const { client, id: service } = await chat();
      const out = [];
      for await (const p of client.getChatThreadClient(thread.id).listParticipants()) {
        if (!isCommunicationUserIdentifier(p.id) || p.id.communicationUserId === service) continue;
        out.push({ id: p.id.communicationUserId, displayName: p.displayName ?? null });
      }
      return out;
    },
    async addMembers(thread, people) {
      if (people.length === 0) return;
      const { client } = await chat();
      const result = await client
        .getChatThreadClient(thread.id)
        .addParticipants({ participants: await participantsOf(people) });
      if (result.invalidParticipants?.length)
        throw new Error(
          `ACS refused participants: ${result.invalidParticipants.map((e) => e.message).join('; ')}`,
        );
    },
    async removeMember(thread, id) {
      const { client } = await chat();
      await client.getChatThreadClient(thread.id).removeParticipant({ communicationUserId: id });
    },
    async reset(sessionId, author) {
      const previous = await live(sessionId);
      const members = new Map<string, ChatParticipant>();
      if (previous)
        for (const m of await backend.members(sessionThreadOf(previous)))
          members.set(m.id, {
            id: { communicationUserId: m.id },
            displayName: m.displayName ?? '',
          });
      // Keyed by ACS id: the author is usually among the old members already (the name is fresh).
      const [self] = await participantsOf([author]);
      members.set(await identityOf(author.userId), self!);
      const id = await createThread([...members.values()]);
      const ownerAcsId = await identityOf(author.userId);
      const now = new Date();
      const row = await db.transaction(async (t) => {
        if (previous)
          await t.update(acsThreads).set({ deletedOn: now }).where(eq(acsThreads.id, previous.id));
        const [fresh] = await t
          .insert(acsThreads)
          .values({ id, sessionId, ownerAcsId })
          .returning();
        const nudges = previous
          ? chatEventNudges({ id: previous.id, sessionId }, [
              {
                type: 'chatThreadDeleted',
                deletedOn: now.toISOString(),
                reason: 'deletedByUser',
              },
              { type: 'chatThreadSwitched', newThreadId: id, switchedOn: now.toISOString() },
            ])
          : [];
        if (nudges.length > 0 && opts.outbox)
          await opts.outbox.add(t as unknown as Database, nudges);
        return fresh!;
      });
      opts.onCommit?.();
      // The old thread (and its messages) goes from ACS; should that fail, it is orphaned, not shown.
      if (previous) await deleteThread(previous.id).catch(() => undefined);
      return {
        thread: sessionThreadOf(row),
        previous: previous ? sessionThreadOf(previous) : null,
      };
    },
    async close(thread) {
      // ACS has no read-only thread: the thread and its messages are deleted (privacy).
      await deleteThread(thread.id);
      await db
        .update(acsThreads)
        .set({ deletedOn: new Date() })
        .where(eq(acsThreads.id, thread.id));
    },
    async reopen() {
      // Nothing to do: a closed session's ACS thread is gone; the author's next call creates one.
    },
    async forgetUser(userId) {
      const id = await storedIdentity(userId);
      if (!id) return;
      // Deleting the identity revokes its tokens and deletes what ACS holds for it. A repeat (the
      // event delivered again) finds it gone already: 404 is the same outcome.
      await identity.deleteUser({ communicationUserId: id }).catch((err: unknown) => {
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      });
    },
  };
  return guarded(backend);
}
