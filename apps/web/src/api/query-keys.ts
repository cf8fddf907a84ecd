import type { SessionStatus } from './sessions';

/** Every TanStack Query key of the app, in one place. */
export const queryKeys = {
  /** The signed-in user; the token is part of the key so a new token refetches. */
  me: (token: string | null) => ['auth', 'me', token] as const,
  health: ['health'] as const,
  sessionsRoot: ['sessions'] as const,
  sessionList: (status: SessionStatus, pageSize: number) =>
    ['sessions', 'mine', status, pageSize] as const,
  sessionLimits: ['sessions', 'limits'] as const,
  session: (id: string) => ['sessions', 'detail', id] as const,
  invite: (id: string, code: string) => ['sessions', 'invite', id, code] as const,
};
