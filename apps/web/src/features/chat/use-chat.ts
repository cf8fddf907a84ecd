import type { ChatMessage, CommunicationMode } from '@oneeta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  auditMessage,
  COMMUNICATION_CALL_ERRORS,
  createChatThread,
  getCommunicationToken,
  resetChat,
} from '../../api/communication';
import { queryKeys } from '../../api/query-keys';
import {
  applyMessageEvent,
  contentOf,
  mergeView,
  pendingItem,
  serverItems,
  type ChatItem,
} from './chat-logic';
import {
  connectErrorText,
  createTokenCache,
  expiryOf,
  NoTokenError,
  refreshDelay,
  tokenRetryable,
  withRetries,
  type CachedToken,
} from './token-cache';
import { ChatCallError, type ChatTransport } from './transport';
import { openTransport } from './open-transport';
import { CHAT_UI } from './texts';
import { subscribeChatFrames } from './chat-bus';

/** How often the list is asked while the /ws socket is not live (it refetches on each chat nudge). */
export const CHAT_POLL_MS = 3000;
/** And once this thread's real-time events arrive over a live socket: a slow safety net only. */
export const CHAT_LIVE_POLL_MS = 30_000;
/** A member waiting for the author's thread asks again after this long. */
const NO_THREAD_RETRY_MS = 5000;

export interface Connection extends CachedToken {
  threadId: string;
  userId: string;
  /** Which chat server the token is for (the transport follows it). */
  mode: CommunicationMode;
  endpoint: string;
}

/** This tab's chat tokens, one per session (document 2 §4 "Token caching"). */
const tokens = createTokenCache<Connection>();

async function fetchConnection(sessionId: string, isOwner: boolean): Promise<Connection> {
  const cached = tokens.get(sessionId, Date.now());
  if (cached && cached.threadId) return cached;
  // A refusal (403 not a member, 404) will not change by asking again.
  const answer = await withRetries(() => getCommunicationToken(sessionId), tokenRetryable);
  if (!answer.token) throw new NoTokenError();
  let threadId = answer.threadId;
  if (!threadId && isOwner) threadId = (await createChatThread(sessionId)).threadId;
  const connection: Connection = {
    token: answer.token,
    expiresAt: expiryOf(answer.expiresOn, Date.now()),
    threadId,
    userId: answer.user.id,
    mode: answer.mode,
    endpoint: answer.endpoint,
  };
  tokens.set(sessionId, connection);
  return connection;
}

/** A fresh token for the session (the ACS credential asks before the old one expires). */
async function freshToken(sessionId: string, isOwner: boolean): Promise<string> {
  tokens.drop(sessionId);
  return (await fetchConnection(sessionId, isOwner)).token;
}

export interface ChatState {
  /** The owner's Reset Chat. */
  reset: () => void;
  resetting: boolean;
  resetError: string | null;
  phase: 'idle' | 'connecting' | 'ready';
  /** The token's chat server ('embedded' until a token says otherwise). */
  mode: CommunicationMode;
  /** The current connection's token and user (the calling port signs in with them). */
  connection: Connection | null;
  /** The open transport (null while it opens). */
  transport: ChatTransport | null;
  /** A fresh token for this session (the ACS credentials ask before theirs expires). */
  refreshToken: () => Promise<string>;
  connected: boolean;
  connectError: string | null;
  loading: boolean;
  items: ChatItem[];
  userId: string | null;
  sendError: string | null;
  closed: boolean;
  connect: () => void;
  send: (text: string) => boolean;
}

export interface UseChatOptions {
  sessionId: string;
  isOwner: boolean;
  /** Connect without a click (the session exists and the viewer is a signed-in member). */
  autoConnect: boolean;
  /** The session's page socket is live on /ws (then polling slows down). */
  live: boolean;
  /** The viewer's name, else e-mail ('' when the profile has neither). */
  senderName: string;
  closed: boolean;
}

/**
 * The communication widget's chat (document 2 §4): no token → Connect (automatic when the session
 * exists) → token → thread → message list, refetched on each /ws chat nudge and polled lightly;
 * outgoing messages pending until the server's copy replaces them.
 */
export function useChat(options: UseChatOptions): ChatState {
  const { sessionId, isOwner, autoConnect, live, senderName } = options;
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  const [pending, setPending] = useState<ChatItem[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const [closedByServer, setClosedByServer] = useState(false);
  const closed = options.closed || closedByServer;
  const tokenRef = useRef('');
  tokenRef.current = connection?.token ?? '';
  const attempt = useRef(0);

  const connect = useCallback(() => {
    const mine = ++attempt.current;
    setConnecting(true);
    setConnectError(null);
    fetchConnection(sessionId, isOwner).then(
      (next) => {
        if (mine !== attempt.current) return;
        setConnecting(false);
        setConnection(next);
        if (!next.threadId) setConnectError(CHAT_UI.noThread);
      },
      (error: unknown) => {
        if (mine !== attempt.current) return;
        setConnecting(false);
        setConnectError(connectErrorText(error));
      },
    );
  }, [sessionId, isOwner]);

  // Automatic connect when the session exists.
  useEffect(() => {
    if (autoConnect && !closed) connect();
    return () => {
      attempt.current += 1;
    };
  }, [autoConnect, closed, connect]);

  // Refresh 10 minutes before expiry; a member without a thread yet asks again now and then.
  useEffect(() => {
    if (!connection || closed) return;
    const delay = connection.threadId
      ? refreshDelay(connection.expiresAt, Date.now())
      : NO_THREAD_RETRY_MS;
    const timer = setTimeout(() => {
      tokens.drop(sessionId);
      connect();
    }, delay);
    return () => clearTimeout(timer);
  }, [connection, closed, sessionId, connect]);

  const threadId = connection?.threadId ?? '';
  const mode: CommunicationMode = connection?.mode ?? 'embedded';
  const endpoint = connection?.endpoint ?? '';
  // The transport of the token's mode (the ACS SDK is loaded only for 'acs'); kept with its thread
  // so a switched thread never reads through the old one.
  const [opened, setOpened] = useState<{ threadId: string; transport: ChatTransport } | null>(null);
  useEffect(() => {
    if (!threadId || closed) return;
    let current = true;
    let made: ChatTransport | null = null;
    openTransport({
      mode,
      sessionId,
      endpoint,
      threadId,
      token: () => tokenRef.current,
      refreshToken: () => freshToken(sessionId, isOwner),
    }).then(
      (transport) => {
        if (!current) return transport.close();
        made = transport;
        setOpened({ threadId, transport });
      },
      () => {
        if (current) setConnectError(CHAT_UI.chatInitFailed);
      },
    );
    return () => {
      current = false;
      made?.close();
    };
  }, [threadId, mode, endpoint, sessionId, isOwner, closed]);
  const transport = opened && opened.threadId === threadId && !closed ? opened.transport : null;

  // Polling slows down only once this thread's real-time events are seen on a live socket (a hub
  // without chat events, or a lost socket, keeps the light polling).
  const [realtime, setRealtime] = useState(false);
  const messages = useQuery({
    queryKey: queryKeys.chatMessages(threadId),
    queryFn: ({ signal }) => transport!.listMessages(signal),
    enabled: transport !== null && !closed,
    refetchInterval: realtime && (live || mode === 'acs') ? CHAT_LIVE_POLL_MS : CHAT_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const messagesError = messages.error;
  useEffect(() => {
    if (!(messagesError instanceof ChatCallError)) return;
    if (messagesError.status === 401) {
      // The token expired or the thread changed: a fresh token and thread.
      tokens.drop(sessionId);
      connect();
    }
  }, [messagesError, sessionId, connect]);

  // The thread's real time from the transport (embedded: /ws chat-event frames; ACS: the SDK's
  // notifications): message events go straight into the list.
  useEffect(() => {
    if (!transport) return;
    return transport.subscribe((event) => {
      setRealtime(true);
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chatMessages(threadId), (list) =>
        list ? (applyMessageEvent(list, event) ?? list) : list,
      );
    });
  }, [transport, threadId, queryClient]);

  // The session's chat over /ws (both modes): Reset Chat (chatThreadSwitched) moves the widget to
  // the new thread; a deleted thread asks for a fresh token and thread.
  useEffect(() => {
    if (!threadId) return;
    return subscribeChatFrames((frame) => {
      if (frame.sessionId !== sessionId || frame.threadId !== threadId) return;
      const event = frame.event;
      if (event.type === 'chatThreadSwitched') {
        setPending([]);
        setConnection((current) => {
          if (!current) return current;
          const next = { ...current, threadId: event.newThreadId };
          tokens.set(sessionId, next);
          return next;
        });
      } else if (event.type === 'chatThreadDeleted') {
        tokens.drop(sessionId);
        connect();
      }
    });
  }, [threadId, sessionId, connect]);

  const server = useMemo(() => serverItems(messages.data ?? []), [messages.data]);
  const items = useMemo(
    () => (closed ? [] : mergeView(server, pending)),
    [server, pending, closed],
  );

  // Drop pending items the server has confirmed, so they never come back.
  useEffect(() => {
    setPending((list) => {
      const left = mergeView(server, list).filter((i) => i.pending);
      return left.length === list.length
        ? list
        : list.filter((p) => left.some((l) => l.id === p.id));
    });
  }, [server]);

  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim();
      if (!text || !transport || closed) return false;
      if (!senderName) {
        setSendError(CHAT_UI.nameRequired);
        return false;
      }
      setSendError(null);
      const item = pendingItem(
        text,
        { id: connection?.userId ?? '', name: senderName },
        Date.now(),
      );
      setPending((list) => [...list, item]);
      transport.sendMessage(contentOf(text, item.clientMessageId!, senderName), senderName).then(
        () => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.chatMessages(threadId) });
          // Fire and forget (document 2 §7): the server counts each message once whatever this says.
          auditMessage({
            sessionId,
            ...(connection?.userId ? { participantId: connection.userId } : {}),
            clientMessageId: item.clientMessageId!,
            messageLength: text.length,
            event: 'chat_message_sent',
          }).catch(() => undefined);
        },
        (error: unknown) => {
          setPending((list) => list.filter((p) => p.id !== item.id));
          if (error instanceof ChatCallError) {
            if (error.status === 403 && error.message === CHAT_UI.sessionClosed)
              setClosedByServer(true);
            setSendError(error.status === 0 ? CHAT_UI.couldNotSend : error.message);
          } else setSendError(CHAT_UI.couldNotSend);
        },
      );
      return true;
    },
    [transport, closed, senderName, connection?.userId, queryClient, threadId, sessionId],
  );

  // The owner's Reset Chat: a new empty thread; every widget moves to it (chatThreadSwitched).
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const reset = useCallback(() => {
    setResetting(true);
    setResetError(null);
    resetChat(sessionId).then(
      (answer) => {
        setResetting(false);
        setPending([]);
        setConnection((current) => {
          if (!current) return current;
          const next = { ...current, threadId: answer.threadId };
          tokens.set(sessionId, next);
          return next;
        });
      },
      (error: unknown) => {
        setResetting(false);
        setResetError(errorMessage(error, COMMUNICATION_CALL_ERRORS.resetFailed));
      },
    );
  }, [sessionId]);

  return {
    reset,
    resetting,
    resetError,
    phase: connection ? 'ready' : connecting ? 'connecting' : 'idle',
    mode,
    connection,
    transport,
    refreshToken: () => freshToken(sessionId, isOwner),
    connected: connection !== null && !closed,
    connectError,
    loading:
      (threadId !== '' && transport === null && !closed) ||
      (transport !== null && messages.isPending),
    items,
    userId: connection?.userId ?? null,
    sendError,
    closed,
    connect,
    send,
  };
}
