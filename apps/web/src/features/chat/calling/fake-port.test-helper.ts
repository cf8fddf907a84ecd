// A fake CallingPort for the controller's tests: it records what it was asked and lets a test
// play the SDK's side (events).
import type { CallingPort, CallKind, CallPortEvent } from './port';

export interface FakePort extends CallingPort {
  calls: string[];
  emit(event: CallPortEvent): void;
  /** The next startCall / acceptIncoming fails with these, in order. */
  failures: unknown[];
}

export function fakePort(): FakePort {
  const listeners = new Set<(event: CallPortEvent) => void>();
  const calls: string[] = [];
  const failures: unknown[] = [];
  const step = async (what: string) => {
    calls.push(what);
    const failure = failures.shift();
    if (failure !== undefined) throw failure;
  };
  return {
    calls,
    failures,
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    startCall: (targets: readonly string[], kind: CallKind) =>
      step(`start ${kind} ${targets.join(',')}`),
    restart: async () => {
      calls.push('restart');
    },
    acceptIncoming: (kind: CallKind) => step(`accept ${kind}`),
    declineIncoming: async () => {
      calls.push('decline');
    },
    hangUp: async () => {
      calls.push('hangUp');
    },
    setMuted: async (muted: boolean) => {
      calls.push(`muted ${muted}`);
    },
    removeParticipants: async (ids: readonly string[]) => {
      calls.push(`remove ${ids.join(',')}`);
    },
    renderLocal: async () => () => undefined,
    renderRemote: async () => () => undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => listeners.clear(),
  };
}
