import type { Session } from '@oneeta/contracts';
import { useId, useMemo } from 'react';
import { buildEntries } from '../../arrival-panel/entries';
import { useViewerZone } from '../../arrival-panel/viewer-zone';
import { personalModel, PERSONAL_UI } from './personal-card';
import { format } from '@oneeta/contracts';
import { currentMapsPlatform } from '../../../lib/maps-link';

export interface PersonalCardProps {
  session: Session;
  /** The viewer's participant id, null when they have no row yet. */
  meId: string | null;
  now: Date;
}

/**
 * The first thing on /s/{id} (issue 12 item 2): when the viewer must leave, in their own zone, to
 * arrive at the target in the destination's zone; travel time, mode and status; the group's real
 * earliest time; after the meeting time, who is there and who is still on the way.
 */
export function PersonalCard({ session, meId, now }: PersonalCardProps) {
  const titleId = useId();
  const viewerTz = useViewerZone();
  const entries = useMemo(() => buildEntries(session, meId), [session, meId]);
  const me = entries.find((e) => e.isCurrentUser) ?? null;
  const model = personalModel({
    session,
    me,
    entries,
    now,
    viewerTz,
    platform: currentMapsPlatform(),
  });

  return (
    <section
      className="card qs-personal"
      aria-labelledby={titleId}
      data-kind={model.kind}
      data-passed={model.passed || undefined}
    >
      <div className="qs-personal-head">
        <h2 id={titleId}>{model.title}</h2>
        <span className="badge qs-personal-status" data-kind={model.kind}>
          {model.status}
        </span>
      </div>
      <p className="qs-personal-answer">
        <strong data-late={model.late || undefined}>{model.headline}</strong>
        {model.detail && <span className="qs-personal-detail"> {model.detail}</span>}
      </p>
      {(model.travel || model.groupEarliest) && (
        <p className="qs-personal-meta">
          {model.travel && <span>{model.travel}</span>}
          {model.groupEarliest && <span className="qs-personal-group">{model.groupEarliest}</span>}
        </p>
      )}
      {model.directions && (
        <div className="qs-personal-actions">
          <a
            className="btn btn-secondary btn-sm"
            href={model.directions}
            target="_blank"
            rel="noopener noreferrer"
          >
            {PERSONAL_UI.openInMaps}
          </a>
        </div>
      )}
      {model.passed && (
        <ul className="qs-personal-passed">
          <li>
            {format(PERSONAL_UI.thereList, {
              names: model.there.join(', ') || PERSONAL_UI.nobody,
            })}
          </li>
          {model.onTheWay.length > 0 && (
            <li>{format(PERSONAL_UI.onTheWayList, { names: model.onTheWay.join(', ') })}</li>
          )}
        </ul>
      )}
    </section>
  );
}

/**
 * The clock, read afresh whenever the session changes: a live update (a participant moved) then
 * shows ETAs from this moment, not from the last 15 s tick. Read in the render that brings the
 * change, not in an effect after it: an effect's new Date rendered the whole page a second time
 * on mount and on every live update, with one frame of the new session at the old time between.
 */
export function useNowOnChange(tick: Date, session: Session | null): Date {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `session`: read again on each change
  return useMemo(() => new Date(Math.max(Date.now(), tick.getTime())), [tick, session]);
}
