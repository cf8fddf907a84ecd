// The chat's constants and texts (communication.ts holds its schemas): no zod here, so the web
// app's pages read them without loading the contracts' schemas.

/** Which chat server a token is for: our embedded ACS-wire-format server, or Azure Communication Services. */
export const COMMUNICATION_MODES = ['embedded', 'acs'] as const;
export type CommunicationMode = (typeof COMMUNICATION_MODES)[number];

export const CALL_MODES = ['voice', 'video'] as const;

/** User-facing texts of the communication calls (document 2 §7 and issue 16), copied exactly. */
export const COMMUNICATION_MESSAGES = {
  /** A non-author asks for a thread when the session has none. */
  threadAuthorOnly: 'Chat thread not created; only session author may create it',
  /** Someone who is not a member of the session, or a threadId that is not the session's. */
  notAuthorizedToAttach: 'Not authorized to attach chat thread',
  /** A member asks to attach a thread the author has not created yet. */
  noThread: 'No chat thread for this session. Only the session author may create it.',
  /** Token for a session the caller is not a member of. */
  notSessionMember: 'Not a member of this session',
  /** The session service does not know the session. */
  sessionNotFound: 'Session not found',
  /** Sending needs a name or an e-mail on the profile (document 2 §1). */
  nameRequired: 'Please set your name or email in your profile before sending messages.',
  /**
   * A free-plan sender over the hourly message limit (document 2 §9: 'Free chat 10 messages per
   * hour'); {limit} and {wait} ('12 min', '40 s') are filled in.
   */
  hourlyLimit:
    'The free plan sends at most {limit} chat messages per hour. You can send your next message in {wait}.',
  /** The widget's own texts (document 2 §8 "Widget messages"). */
  failedToGetToken: 'Failed to get token',
  /** POST /api/communication/complete-call without a session (document 2 §5). */
  missingSessionId: 'Missing sessionId',
  /** POST /api/communication/complete-call with no participant (document 2 §5). */
  noParticipantsSelected: 'No participants selected',
  /** Reset Chat by someone who is not the session's owner. */
  resetOwnerOnly: 'Only the session owner may reset the chat',
  /** Reset Chat, complete-call or a new thread on a closed session. */
  sessionClosedReadOnly: 'This session is closed; its chat is read-only.',
  sessionClosed: 'Session closed',
} as const;

/** Constants of document 2 §9 "Communication". */
export const COMMUNICATION = {
  /** Token fetch retries before 'Failed to get token'. */
  tokenFetchRetries: 3,
  /** A cached token is reused while more than this remains (ms). */
  tokenReuseMarginMs: 30_000,
  /** Default cached expiry when the answer has none (ms). */
  defaultCachedExpiryMs: 10 * 60_000,
  /** Tokens are refreshed this long before they expire (document 2 §7, ms). */
  tokenRefreshBeforeExpiryMs: 10 * 60_000,
  /** Minimum interval between typing notifications (ms). */
  typingMinIntervalMs: 8000,
  /** Auto-scroll when within this many px of the bottom. */
  autoScrollThresholdPx: 80,
  /** Duplicate-message match window (ms) over the last N messages. */
  duplicateWindowMs: 10_000,
  duplicateLastMessages: 12,
  /** Call-usage duplicate guard (ms). */
  callUsageDuplicateGuardMs: 2000,
  /** Prefix of optimistic message ids. */
  pendingIdPrefix: 'pending-',
} as const;

/** The chat service's API version (document 2 §7 "Chat service API"). */
export const CHAT_API_VERSION = '2025-03-15';
