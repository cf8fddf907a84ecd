import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { endCallUsage, startCallUsage } from '../../../api/communication';
import { createCallController, IDLE, type CallController, type CallState } from './controller';
import { openCallingPort } from './open-port';
import type { CallingPort } from './port';
import { CALL_UI } from './texts';

export interface CallingOptions {
  sessionId: string;
  /** 'acs' opens the ACS calling port; any other mode has no calling. */
  mode: string;
  /** The chat connection's token and user (null before one exists). */
  token: string | null;
  userId: string | null;
  displayName: string;
  refreshToken: () => Promise<string>;
  /** The session is closed: the call ends and calling is torn down. */
  closed: boolean;
}

export interface Calling {
  /** Calling can be used (ACS mode and the port signed in). */
  available: boolean;
  /** 'Calling initialization failed' when the port could not start. */
  initError: string | null;
  controller: CallController;
  state: CallState;
  port: CallingPort | null;
}

const noop = () => () => undefined;
const idle = () => IDLE;

/**
 * The calling port of the token's mode (ACS only: `@azure/communication-calling` is loaded then),
 * and the call controller on it; one's own call time is counted by the server between
 * POST /api/communication/call-usage/start (connected) and /end (ended).
 */
export function useCalling(options: CallingOptions): Calling {
  const { sessionId, mode, token, userId, displayName, refreshToken, closed } = options;
  const want = mode === 'acs' && token !== null && userId !== null && !closed;
  const [opened, setOpened] = useState<{ port: CallingPort | null; error: string | null } | null>(
    null,
  );
  const refresh = useMemo(() => refreshToken, [refreshToken]);
  useEffect(() => {
    if (!want || !token) return;
    let current = true;
    let made: CallingPort | null = null;
    openCallingPort(mode, { token, displayName, refreshToken: refresh }).then(
      (port) => {
        if (!current) return port?.dispose();
        made = port;
        setOpened({ port, error: null });
      },
      () => {
        if (current) setOpened({ port: null, error: CALL_UI.initFailed });
      },
    );
    return () => {
      current = false;
      made?.dispose();
      setOpened(null);
    };
    // The port signs in once per user and mode; a refreshed token reaches it through `refresh`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [want, mode, userId]);

  const port = want ? (opened?.port ?? null) : null;
  const controller = useMemo(() => {
    /** The server's id of the call in progress (null when its start was refused or failed). */
    let call: Promise<string | null> | null = null;
    return createCallController({
      port,
      selfId: userId ?? '',
      onCallConnected: (kind) => {
        call = startCallUsage(sessionId, kind).then(
          (started) => started.callId,
          () => null,
        );
      },
      onCallEnded: () => {
        const started = call;
        call = null;
        void started?.then((callId) =>
          callId ? endCallUsage(sessionId, callId).catch(() => undefined) : undefined,
        );
      },
      ...(typeof navigator !== 'undefined' ? { userAgent: navigator.userAgent } : {}),
    });
  }, [port, userId, sessionId]);
  useEffect(() => () => controller.dispose(), [controller]);
  const state = useSyncExternalStore(
    port ? controller.subscribe : noop,
    port ? controller.getState : idle,
  );
  return {
    available: port !== null,
    initError: want ? (opened?.error ?? null) : null,
    controller,
    state,
    port,
  };
}
