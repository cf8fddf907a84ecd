import type { Plan, Session } from '@oneeta/contracts';
import { useEffect, useId, useMemo } from 'react';
import { useViewerZone } from '../../arrival-panel/viewer-zone';
import type { LatLon, SelectedPlace } from '../../map';
import type { SessionEditor } from '../editor/use-session-editor';
import { SuggestChooser } from './SuggestChooser';
import { SuggestionResults } from './SuggestionResults';
import { SUGGEST_UI } from './texts';
import { useSuggest } from './use-suggest';
import { currentSuggestion, namesOf, suggestionView } from './view';
import './suggest.css';

export interface SuggestPanelProps {
  id: string;
  session: Session;
  meId: string | null;
  isOwner: boolean;
  /** A signed-in member (owner or participant) who has not left. */
  member: boolean;
  now: Date;
  near: LatLon | null;
  plan: Plan;
  /** Places one suggestion may compare on the owner's plan. */
  max: number;
  editor: SessionEditor;
  /** While the owner builds a list of places, the map's confirmed places (search or pin) go here. */
  onCollect: (add: ((place: SelectedPlace) => void) | null) => void;
}

/**
 * 'Where should we meet?': the owner asks which place is fairest by travel time (a kind of place
 * near the group, or places they pick); everyone sees the ranked list live, members give a thumbs
 * up, and the owner's 'Meet here' makes a place the destination through the normal save.
 */
export function SuggestPanel(props: SuggestPanelProps) {
  const { id, session, isOwner, onCollect } = props;
  const s = useSuggest({
    id,
    session,
    plan: props.plan,
    max: props.max,
    now: props.now,
    editor: props.editor,
  });
  const viewerTz = useViewerZone();
  const titleId = useId();
  const chooserId = useId();
  const names = useMemo(() => namesOf(session), [session]);
  const live = currentSuggestion(session.suggestion, props.now);
  const view = useMemo(() => (live ? suggestionView(live, names) : null), [live, names]);

  const { collecting, add } = s;
  useEffect(() => {
    onCollect(collecting ? add : null);
  }, [collecting, add, onCollect]);
  useEffect(() => () => onCollect(null), [onCollect]);

  if (!isOwner && !view) return null;
  const candidate = (index: number | undefined) => view?.candidates.find((c) => c.index === index);
  return (
    <section className="card sg-panel" aria-labelledby={titleId}>
      <div className="qs-card-head">
        <h2 id={titleId}>{SUGGEST_UI.title}</h2>
        {isOwner && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-expanded={s.open}
            aria-controls={chooserId}
            onClick={() => s.setOpen(!s.open)}
          >
            {SUGGEST_UI.open}
          </button>
        )}
      </div>
      <p className="muted sg-note">{isOwner ? SUGGEST_UI.intro : SUGGEST_UI.memberIntro}</p>
      <div id={chooserId} hidden={!s.open}>
        {isOwner && s.open && (
          <SuggestChooser
            sessionId={id}
            near={props.near}
            mode={s.mode}
            onMode={s.setMode}
            category={s.category}
            onCategory={s.setCategory}
            picks={s.picks}
            max={props.max}
            onAdd={s.add}
            onRemove={s.remove}
            addProblem={s.addProblem}
            asking={s.asking}
            askProblem={s.askProblem}
            onAsk={s.ask}
          />
        )}
      </div>
      {view && (
        <SuggestionResults
          suggestion={view}
          meId={props.meId}
          isOwner={isOwner}
          member={props.member}
          now={props.now}
          viewerTz={viewerTz}
          tzId={session.tzId}
          destination={session.destination}
          onVote={s.onVote}
          voting={s.voting}
          onMeet={(c) => s.meet(c)}
          meeting={s.meeting}
          problem={s.meetProblem}
          onUseEarliest={() => s.retryAtEarliest(candidate(s.meetProblem?.index))}
        />
      )}
    </section>
  );
}
