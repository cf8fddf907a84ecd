import { CLOCK_TICK_MS, SESSION_POLL_MS } from '@oneeta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { sessionQuery } from '../../../api/sessions';
import { useToken } from '../../../hooks/use-token';
import { publishChatFrame } from '../../chat/chat-bus';
import {
  applySessionFrame,
  eventOf,
  frameOf,
  reconnectDelay,
  subscribeFrame,
  wsUrl,
} from './live-logic';

export interface LiveSession {
  /** Subscribed on /ws: session frames arrive and polling is skipped. */
  connected: boolean;
}

/**
 * Live updates of one session (doc 1 §4): a websocket on /ws subscribes with the token as
 * 'Bearer …'; a 'refresh-session' frame applies the change it carries to the page's copy, or
 * refetches the session when it carries none or a revision was missed; an 'inbox' frame refetches
 * the inbox, and an error frame the session (a removed
 * member's subscription is dropped with one, and the refetch shows them why); while not connected (no token,
 * refused, closed, blocked) the session is polled every SESSION_POLL_MS. `active` false (a new or
 * closed session) turns everything off. Reconnects with backoff.
 */
export function useLiveSession(sessionId: string, active: boolean): LiveSession {
  const token = useToken();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!active || !token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      try {
        socket = new WebSocket(wsUrl(window.location));
      } catch {
        schedule();
        return;
      }
      socket.onopen = () => socket?.send(JSON.stringify(subscribeFrame(sessionId, token)));
      socket.onmessage = (event: MessageEvent) => {
        const message = frameOf(event.data);
        if (!message) return;
        const copy = queryClient.getQueryData(sessionQuery(sessionId).queryKey);
        const kind = eventOf(message, sessionId, copy?.revision);
        if (kind === 'subscribed' || kind === 'subscribed-current') {
          attempt = 0;
          setConnected(true);
          // Catch up on anything missed while not subscribed, unless the copy held is current.
          if (kind === 'subscribed')
            void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.chatRoot });
        } else if (kind === 'refresh' && message.type === 'refresh-session') {
          // The frame carries the change when it can: applied in place, no fetch.
          const next = applySessionFrame(copy, message);
          if (next === 'refetch')
            void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
          else if (next !== 'current')
            queryClient.setQueryData(sessionQuery(sessionId).queryKey, next);
        } else if (kind === 'inbox') {
          // Someone in the session has a new in-app notification (maybe this viewer).
          void queryClient.invalidateQueries({ queryKey: queryKeys.inboxRoot });
        } else if (kind === 'chat-event') {
          // A real-time event of the session's chat (issue 16) goes to the widget as it is.
          publishChatFrame(event.data);
        } else if (kind === 'chat') {
          // The bare chat nudge: the widget's list refetches.
          void queryClient.invalidateQueries({ queryKey: queryKeys.chatRoot });
        } else if (kind === 'refused') {
          // Refused or dropped (e.g. no longer a member): not live, and the page learns why now.
          setConnected(false);
          void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
        }
      };
      socket.onclose = () => {
        setConnected(false);
        schedule();
      };
    };
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.onmessage = null;
        socket.close();
      }
      setConnected(false);
    };
  }, [active, token, sessionId, queryClient]);

  // Polling while not live: this observer only refetches, every SESSION_POLL_MS (in a background tab
  // too, as setInterval did). Never stale for it, so it fetches neither on mount nor when it turns on,
  // and it never re-renders: the page's own useSession does both.
  useQuery({
    ...sessionQuery(sessionId),
    enabled: active && !connected,
    staleTime: Infinity,
    refetchInterval: SESSION_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    notifyOnChangeProps: [],
  });

  return { connected };
}

/** The clock for countdowns: a new Date every CLOCK_TICK_MS. */
export function useClock(intervalMs: number = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
