/**
 * The cost policy's memory, in Redis so any worker replica (or a restarted one) takes a session's
 * next job where the last left off: per session, every participant's last provider answer and the
 * results last published. One key per session (`{prefix}:routing-eta:{sessionId}`), read with one
 * GET and written with one SET at the end of each job, expiring ETA_STATE_TTL_SECONDS after it.
 */
import { ETA_STATE_TTL_SECONDS, type Position, type TravelResult } from '@oneeta/contracts';
import type { Redis } from '@oneeta/service-kit';

/** The last provider answer for one participant of a session (kept in Redis between jobs). */
export interface EtaAnswer {
  /** Where the participant was when the answer was asked. */
  origin: Position;
  ok: boolean;
  travelTimeSeconds: number | null;
  distanceMeters: number | null;
  /** When it was asked (ISO). */
  at: string;
  /** The route it answers (destination, time kind, options): another route needs another answer. */
  route: string;
  /** The traffic bucket of its travel time. */
  bucket: string;
  /** Where they were at their first answer. */
  home: Position;
  /** Whether they had set off (moved more than ETA_STATIONARY_METERS from `home`) by then. */
  setOff: boolean;
}

export interface SessionEtaState {
  /** participantId → last provider answer. */
  answers: Record<string, EtaAnswer>;
  /** participantId → result last published on travel.computed; null before the first publication. */
  published: Record<string, TravelResult> | null;
}

export const etaStateKey = (prefix: string, sessionId: string) =>
  `${prefix}:routing-eta:${sessionId}`;

export function createEtaStateStore(opts: { redis: Redis; prefix: string }) {
  return {
    async read(sessionId: string): Promise<SessionEtaState> {
      const raw = await opts.redis.get(etaStateKey(opts.prefix, sessionId));
      if (raw === null) return { answers: {}, published: null };
      try {
        return JSON.parse(raw) as SessionEtaState;
      } catch {
        return { answers: {}, published: null };
      }
    },
    async write(sessionId: string, state: SessionEtaState): Promise<void> {
      await opts.redis.set(
        etaStateKey(opts.prefix, sessionId),
        JSON.stringify(state),
        'EX',
        ETA_STATE_TTL_SECONDS,
      );
    },
  };
}
export type EtaStateStore = ReturnType<typeof createEtaStateStore>;
