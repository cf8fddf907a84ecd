import type { CommunicationMode } from '@oneeta/contracts';

/** A OneETA user as a chat member: the account id and the name the others see. */
export interface ChatPerson {
  userId: string;
  displayName: string;
}

/** A session's live chat thread, as either chat server has it. */
export interface SessionThread {
  id: string;
  sessionId: string;
  /** The communication user id of the session author who created it (always kept in it). */
  createdBy: string;
  /** Its session closed: read-only (embedded). ACS threads are deleted on close instead. */
  closed: boolean;
}

/** A member of a thread: communication user id and display name. */
export interface ThreadMember {
  id: string;
  displayName: string | null;
}

/**
 * The port the communication calls and the member sync use, so they do not care which chat server
 * the browsers talk to: the embedded one (this service's own `/chat/*`) or Azure Communication
 * Services (when ACS_CONNECTION_STRING is set). Identities, tokens, the session's thread and its
 * members go through it; usage counting and real time around it stay in the service.
 */
export interface ChatBackend {
  readonly mode: CommunicationMode;
  /** Where browsers reach the chat API (the token and thread answers' `endpoint`). */
  readonly endpoint: string;
  /** The communication user id of a OneETA user (ACS: created on first use and stored). */
  identityOf(userId: string): Promise<string>;
  /** A chat token for the user's communication identity. */
  token(userId: string): Promise<{ id: string; token: string; expiresOn: string }>;
  /** The session's live thread, if it has one. */
  sessionThread(sessionId: string): Promise<SessionThread | null>;
  /** Creates the session's thread with its author in it; when one already exists, that one stands. */
  createSessionThread(sessionId: string, author: ChatPerson): Promise<SessionThread>;
  /** Everyone in the thread (the service's own ACS identity left out). */
  members(thread: SessionThread): Promise<ThreadMember[]>;
  /** Adds people (those already in stay as they are). */
  addMembers(thread: SessionThread, people: ChatPerson[]): Promise<void>;
  /** Takes a communication user out of the thread. */
  removeMember(thread: SessionThread, id: string): Promise<void>;
  /**
   * Reset Chat: a new empty thread with the same members replaces the session's thread; the
   * session's subscribers are told to switch (chatThreadDeleted, chatThreadSwitched).
   */
  reset(
    sessionId: string,
    author: ChatPerson,
  ): Promise<{ thread: SessionThread; previous: SessionThread | null }>;
  /**
   * The session closed (or is gone): its messages go (privacy). Embedded: the thread stays,
   * read-only and empty; ACS: the thread is deleted (ACS has no read-only thread).
   */
  close(thread: SessionThread): Promise<void>;
  /** The session reopened: its (embedded) thread takes messages again. */
  reopen(thread: SessionThread): Promise<void>;
  /**
   * The account was deleted: its identity goes at the provider. ACS: the identity is deleted there,
   * which revokes its tokens and deletes the data ACS holds for it; embedded: nothing is held
   * outside this service's database, which the erasure empties.
   */
  forgetUser(userId: string): Promise<void>;
}
