/**
 * What the session page knows now that decides whether a notification still holds (inbox-logic.ts
 * `stillHolds`): anyone late, everyone arrived, and the viewer's own leave-by or arrival, read from
 * the session's current answer the way the personal card reads them. Pure.
 */
import type { Session } from '@oneeta/contracts';
import { buildEntries } from '../arrival-panel/entries';
import { liveState } from '../arrival-panel/live-state';
import type { BannerContext } from './inbox-logic';

export function bannerContextOf(session: Session, meId: string | null, now: Date): BannerContext {
  const active = session.participants.filter((p) => p.status === 'active' && !p.pending);
  const me = meId ? buildEntries(session, meId).find((e) => e.isCurrentUser) : undefined;
  const target = session.arriveAt ? new Date(session.arriveAt) : null;
  const state = me
    ? liveState(me, { target, hasDestination: session.destination !== null, now })
    : null;
  return {
    anyoneLate: active.some((p) => !p.arrivedAt && (p.minutesLate ?? 0) > 0),
    everyoneArrived: active.length > 0 && active.every((p) => Boolean(p.arrivedAt)),
    viewer: state ? { there: state.kind === 'there', leaveBy: state.leaveBy } : null,
  };
}
