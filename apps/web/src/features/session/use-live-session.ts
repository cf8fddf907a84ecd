import { CLOCK_TICK_MS, SESSION_POLL_MS } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useToken } from '../../hooks/use-token';
import { liveEventOf, reconnectDelay, subscribeFrame, wsUrl } from './live-logic';

export interface LiveSession {
  /** Subscribed on /ws: 'refresh-session' frames arrive and polling is skipped. */
  connected: boolean;
}

/**
 * Live updates of one session (doc 1 §4): a websocket on /ws subscribes with the token as
 * 'Bearer …'; a 'refresh-session' frame refetches the session; while not connected (no token,
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
        const kind = liveEventOf(event.data, sessionId);
        if (kind === 'subscribed') {
          attempt = 0;
          setConnected(true);
          // Catch up on anything missed while not subscribed.
          void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
        } else if (kind === 'refresh') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
        } else if (kind === 'refused') {
          setConnected(false);
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

  // Polling while not live.
  useEffect(() => {
    if (!active || connected) return;
    const id = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
    }, SESSION_POLL_MS);
    return () => clearInterval(id);
  }, [active, connected, sessionId, queryClient]);

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
