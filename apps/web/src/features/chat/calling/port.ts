// The calling port (issue 16): what the call panel drives. One implementation today, ACS
// (`@azure/communication-calling`, acs-port.ts, loaded lazily only when the token's mode is 'acs');
// the embedded server has no calling, so there the widget keeps Voice and Video 'coming soon'.

export type CallKind = 'voice' | 'video';

/** A person in the call other than oneself. */
export interface CallPeer {
  id: string;
  displayName: string;
}

/** What the port reports; the controller turns it into the call's state (document 2 §4 "Call"). */
export type CallPortEvent =
  | { type: 'incoming'; callerId: string; callerName: string }
  /** The ringing call ended before it was answered. */
  | { type: 'incomingGone' }
  /** The SDK's call state ('Connecting', 'Connected', 'Disconnected', …). */
  | { type: 'state'; state: string }
  | { type: 'peers'; peers: CallPeer[] }
  | { type: 'ended'; reason: string }
  | { type: 'muted'; muted: boolean }
  /** Whether a remote video is available to render. */
  | { type: 'remoteVideo'; available: boolean };

/** Thrown by the port when the browser refuses the microphone (and camera). */
export class CallPermissionError extends Error {
  override readonly name = 'CallPermissionError';
}

export interface CallingPort {
  /** Calls these communication user ids. */
  startCall(targets: readonly string[], kind: CallKind): Promise<void>;
  /** Signs in again (a new call agent) — the one retry after a 'not registered / offline' refusal. */
  restart(): Promise<void>;
  acceptIncoming(kind: CallKind): Promise<void>;
  declineIncoming(): Promise<void>;
  hangUp(): Promise<void>;
  setMuted(muted: boolean): Promise<void>;
  /** Removes these participants from the current call. */
  removeParticipants(ids: readonly string[]): Promise<void>;
  /** Renders the local camera / the first remote video into `into`; answers the disposer. */
  renderLocal(into: HTMLElement): Promise<() => void>;
  renderRemote(into: HTMLElement): Promise<() => void>;
  subscribe(listener: (event: CallPortEvent) => void): () => void;
  dispose(): void;
}

export interface CallingTarget {
  token: string;
  displayName: string;
  refreshToken: () => Promise<string>;
}
