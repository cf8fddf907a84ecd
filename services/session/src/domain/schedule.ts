import type { SessionScheduleData } from '@oneeta/contracts';
import type { LoadedSession } from '../store/sessions-store.js';
import { isClosed } from './access.js';
import { currentLeaveBy } from './live.js';

/**
 * What the reminder scheduler needs of a session (`session.schedule`, GET /internal/sessions/:id/schedule),
 * with a leave-by only where it was computed for the current arrival time (currentLeaveBy).
 */
export function scheduleOf({
  session,
  participants,
}: Pick<LoadedSession, 'session' | 'participants'>): SessionScheduleData {
  return currentLeaveBy(
    {
      sessionId: session.id,
      isClosed: isClosed(session),
      destinationName: session.destination?.name ?? null,
      arriveAt: session.arriveAt?.toISOString() ?? null,
      tzId: session.tzId,
      participants: participants.map((p) => ({
        participantId: p.id,
        userId: p.userId,
        status: p.status,
        enroute: p.enroute,
        leaveBy: p.departureTime?.toISOString() ?? null,
        arrivedAt: p.arrivedAt?.toISOString() ?? null,
        lateMinutes: p.lateNotifiedMinutes,
      })),
    },
    participants,
  );
}
