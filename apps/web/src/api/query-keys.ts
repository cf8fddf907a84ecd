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
  /** GET /api/maps/token: which map the browser draws (and its credentials), per session page. */
  mapToken: (sessionId: string | null) => ['maps', 'token', sessionId] as const,
  /** Owner tools of the quick session page (served by the admin service). */
  sessionAudit: (id: string) => ['sessions', 'audit', id] as const,
  sessionAuditSummary: (id: string) => ['sessions', 'audit-summary', id] as const,
  sessionMatrixUsage: (id: string) => ['sessions', 'matrix-usage', id] as const,
};
