// The call's state machine (document 2 §4 "Call"): idle → in call (started, or an incoming call
// accepted) → ended. Pure of React and of our server: it drives a CallingPort and hands call
// usage (seconds > 0, repeats within 2 s dropped) to `onUsage`. Tested with a fake port.
import { COMMUNICATION } from '@oneeta/contracts';
import { CALL_UI } from './texts';
import { CallPermissionError, type CallingPort, type CallKind, type CallPeer } from './port';

export type CallPhase = 'idle' | 'starting' | 'incoming' | 'inCall' | 'ended';

export interface CallError {
  message: string;
  /** What 'Copy diagnostics' copies (JSON). */
  diagnostics: string;
}

export interface CallState {
  phase: CallPhase;
  kind: CallKind;
  /** The caller of a ringing incoming call. */
  incomingFrom: string | null;
  /** Epoch ms the call connected (the timer counts from it). */
  connectedAt: number | null;
  peers: CallPeer[];
  muted: boolean;
  remoteVideo: boolean;
  /** The full-screen call modal is open. */
  modalOpen: boolean;
  lastError: CallError | null;
  /** The reason toast after a call ends, shown until `until` (6 s). */
  toast: { text: string; until: number } | null;
}

export const IDLE: CallState = {
  phase: 'idle',
  kind: 'voice',
  incomingFrom: null,
  connectedAt: null,
  peers: [],
  muted: false,
  remoteVideo: false,
  modalOpen: false,
  lastError: null,
  toast: null,
};

/** How long the end-of-call reason toast shows (document 2 §9: 6 s). */
export const CALL_TOAST_MS = 6000;
const ENDING_STATES = new Set(['Disconnected', 'Ended', 'Idle']);
/** A start-call refusal worth one retry after signing in again (document 2 §8). */
const NOT_ONLINE = /not online|not registered|offline/i;
const NETWORK = /network|failed to fetch|timed? ?out|ECONN/i;

export interface UsageReport {
  participantAcsId: string;
  seconds: number;
  mode: CallKind;
}

/** Drops a report of the same participant and mode within 2 s of the last one (document 2 §9). */
export function createUsageGuard(guardMs: number = COMMUNICATION.callUsageDuplicateGuardMs) {
  const last = new Map<string, number>();
  return (report: UsageReport, now: number): boolean => {
    if (!(report.seconds > 0)) return false;
    const key = `${report.participantAcsId}|${report.mode}`;
    const before = last.get(key);
    if (before !== undefined && now - before < guardMs) return false;
    last.set(key, now);
    return true;
  };
}

/** mm:ss of the call timer. */
export function elapsedText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The 'Complete call' confirmation: the selected ones, or all in the call when none is selected. */
export function completeQuestion(selected: number, inCall: number): string {
  return selected > 0 ? CALL_UI.removeSelected(selected) : CALL_UI.removeAll(inCall);
}

export interface ControllerOptions {
  /** The port, or null when calling is not available (its actions then say so). */
  port: CallingPort | null;
  /** One's own communication user id: never called. */
  selfId: string;
  /** Each remote peer's time in the call as this browser saw it (local only: the ledger counts the server's). */
  onUsage?: (report: UsageReport) => void;
  /** One's own call connected: the server notes when (POST /api/communication/call-usage/start). */
  onCallConnected?: (kind: CallKind) => void;
  /** One's own connected call ended (POST /api/communication/call-usage/end). */
  onCallEnded?: () => void;
  now?: () => number;
  userAgent?: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createCallController(options: ControllerOptions) {
  const now = options.now ?? (() => Date.now());
  const guard = createUsageGuard();
  const listeners = new Set<() => void>();
  let state: CallState = IDLE;
  /** When each peer joined the current call (epoch ms). */
  let joined = new Map<string, number>();
  let hadPeers = false;

  const set = (patch: Partial<CallState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const diagnostics = (error: unknown, action: string) =>
    JSON.stringify({
      action,
      at: new Date(now()).toISOString(),
      error: messageOf(error),
      name: error instanceof Error ? error.name : typeof error,
      phase: state.phase,
      kind: state.kind,
      peers: state.peers.length,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    });
  const fail = (message: string, error: unknown, action: string) =>
    set({ lastError: { message, diagnostics: diagnostics(error, action) } });
  /** The browser refused the microphone (and the camera, for video). */
  const failPermission = (kind: CallKind, error: unknown, action: string) =>
    fail(kind === 'video' ? CALL_UI.micCameraDenied : CALL_UI.micDenied, error, action);

  const report = (id: string, since: number, at: number) => {
    const usage = {
      participantAcsId: id,
      seconds: Math.floor((at - since) / 1000),
      mode: state.kind,
    };
    if (guard(usage, at)) options.onUsage?.(usage);
  };

  const end = (reason: string) => {
    if (state.phase !== 'inCall' && state.phase !== 'starting') return;
    const wasConnected = state.phase === 'inCall';
    const at = now();
    for (const [id, since] of joined) report(id, since, at);
    joined = new Map();
    hadPeers = false;
    set({
      phase: 'ended',
      connectedAt: null,
      peers: [],
      muted: false,
      remoteVideo: false,
      modalOpen: false,
      toast: { text: CALL_UI.ended(reason), until: at + CALL_TOAST_MS },
    });
    if (wasConnected) options.onCallEnded?.();
  };

  const onPeers = (peers: CallPeer[]) => {
    const at = now();
    const ids = new Set(peers.map((p) => p.id));
    for (const [id, since] of joined)
      if (!ids.has(id)) {
        report(id, since, at);
        joined.delete(id);
      }
    if (state.phase === 'inCall')
      for (const p of peers) if (!joined.has(p.id)) joined.set(p.id, state.connectedAt ?? at);
    if (peers.length > 0) hadPeers = true;
    set({ peers });
    if (peers.length === 0 && hadPeers) end(CALL_UI.nobodyLeft);
  };

  const unsubscribe = options.port?.subscribe((event) => {
    switch (event.type) {
      case 'incoming':
        if (state.phase === 'inCall' || state.phase === 'starting') return;
        set({ phase: 'incoming', incomingFrom: event.callerName || event.callerId });
        return;
      case 'incomingGone':
        if (state.phase === 'incoming') set({ phase: 'idle', incomingFrom: null });
        return;
      case 'state':
        if (event.state === 'Connected' && state.phase === 'starting') {
          const at = now();
          for (const p of state.peers) if (!joined.has(p.id)) joined.set(p.id, at);
          set({ phase: 'inCall', connectedAt: at, modalOpen: true });
          options.onCallConnected?.(state.kind);
        } else if (ENDING_STATES.has(event.state)) end('');
        return;
      case 'peers':
        onPeers(event.peers);
        return;
      case 'ended':
        end(event.reason);
        return;
      case 'muted':
        set({ muted: event.muted });
        return;
      case 'remoteVideo':
        set({ remoteVideo: event.available });
    }
  });

  const busy = () => state.phase === 'inCall' || state.phase === 'starting';

  return {
    getState: (): CallState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Start Call to these people (oneself is never called). */
    async start(targets: readonly string[], kind: CallKind): Promise<void> {
      const port = options.port;
      if (!port) return fail(CALL_UI.notInitialized, 'no port', 'start');
      if (busy()) return;
      const ids = [...new Set(targets)].filter((id) => id && id !== options.selfId);
      if (ids.length === 0) return;
      set({ phase: 'starting', kind, lastError: null, toast: null, peers: [], incomingFrom: null });
      try {
        try {
          await port.startCall(ids, kind);
        } catch (error) {
          // Not online / not registered: sign in again and try once more (document 2 §8).
          if (!NOT_ONLINE.test(messageOf(error))) throw error;
          await port.restart();
          await port.startCall(ids, kind);
        }
      } catch (error) {
        set({ phase: 'idle' });
        if (error instanceof CallPermissionError) return failPermission(kind, error, 'start');
        const text = messageOf(error);
        fail(
          NETWORK.test(text) ? CALL_UI.couldNotStartNetwork : CALL_UI.couldNotStart(text),
          error,
          'start',
        );
      }
    },

    async accept(kind: CallKind): Promise<void> {
      const port = options.port;
      if (!port) return fail(CALL_UI.notInitialized, 'no port', 'accept');
      if (state.phase !== 'incoming') return fail(CALL_UI.noIncoming, 'no incoming call', 'accept');
      set({ phase: 'starting', kind, incomingFrom: null, lastError: null, toast: null });
      try {
        await port.acceptIncoming(kind);
      } catch (error) {
        set({ phase: 'idle' });
        if (error instanceof CallPermissionError) return failPermission(kind, error, 'accept');
        fail(CALL_UI.acceptFailed, error, 'accept');
      }
    },

    async decline(): Promise<void> {
      if (state.phase !== 'incoming') return;
      set({ phase: 'idle', incomingFrom: null });
      await options.port?.declineIncoming().catch(() => undefined);
    },

    async hangUp(): Promise<void> {
      if (!busy()) return;
      end(CALL_UI.youHungUp);
      await options.port?.hangUp().catch(() => undefined);
    },

    async toggleMute(): Promise<void> {
      if (!options.port || state.phase !== 'inCall') return;
      const muted = !state.muted;
      try {
        await options.port.setMuted(muted);
        set({ muted });
      } catch (error) {
        fail(CALL_UI.couldNotStart(messageOf(error)), error, 'mute');
      }
    },

    /** After the server accepted complete-call: remove those from the call (all of them: hang up). */
    async completed(ids: readonly string[]): Promise<void> {
      const port = options.port;
      if (!port || !busy()) return;
      const all = state.peers.every((p) => ids.includes(p.id));
      if (all) return this.hangUp();
      try {
        await port.removeParticipants(ids);
      } catch (error) {
        fail(CALL_UI.completeFailed, error, 'complete');
      }
    },
    completeFailed(error: unknown): void {
      fail(CALL_UI.completeFailed, error, 'complete');
    },

    openModal: () => busy() && set({ modalOpen: true }),
    closeModal: () => set({ modalOpen: false }),
    /** The toast's 6 s are over. */
    expireToast: () => state.toast && now() >= state.toast.until && set({ toast: null }),
    dispose(): void {
      if (busy()) void this.hangUp();
      unsubscribe?.();
      listeners.clear();
    },
  };
}

export type CallController = ReturnType<typeof createCallController>;
