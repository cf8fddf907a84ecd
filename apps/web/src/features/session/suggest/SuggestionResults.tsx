import { format, MESSAGES, type Destination } from '@oneeta/contracts';
import { useId, useState } from 'react';
import { SESSION_SPEC } from '../texts';
import type { SaveProblem } from '../editor/use-session-editor';
import type { SaveRule } from '../editor/save-rules';
import { PlansLink } from './PlansLink';
import { sameDestination } from '../editor/draft';
import {
  everyoneByText,
  leftOutText,
  SHOWN_PLACES,
  shownCandidates,
  spreadText,
  travelRows,
  voteView,
} from './suggest-logic';
import { ThumbsUpIcon } from './icons';
import { CATEGORY_LABELS, SUGGEST_UI } from './texts';
import type { CandidateView, SuggestionView } from './view';

export interface ResultsProps {
  suggestion: SuggestionView;
  meId: string | null;
  isOwner: boolean;
  /** A signed-in member who may vote. */
  member: boolean;
  now: Date;
  viewerTz: string;
  /** The session's zone: 'everyone there by' is a meeting time, shown like the arrival time. */
  tzId: string | null;
  destination: Destination | null;
  onVote: (index: number) => void;
  voting: boolean;
  onMeet: (candidate: CandidateView) => void;
  /** The candidate 'Meet here' is saving, by index. */
  meeting: number | null;
  /** A refused 'Meet here', shown under its candidate. */
  problem: { index: number; problem: SaveProblem } | null;
  onUseEarliest: () => void;
}

/** Refusals a paid plan lifts: the row offers the plans page. */
const PLAN_RULES: ReadonlySet<SaveRule> = new Set(['edit', 'quota', 'invites']);

/** The ranked places: fairest first, each with everyone's trip, the spread, votes and 'Meet here'. */
export function SuggestionResults(props: ResultsProps) {
  const { suggestion } = props;
  const titleId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const { shown, more } = shownCandidates(suggestion.candidates, all);
  const what =
    suggestion.category !== null
      ? format(SUGGEST_UI.near, { category: CATEGORY_LABELS[suggestion.category] })
      : SUGGEST_UI.yourPlaces;
  const leftOut = leftOutText(suggestion.leftOut);
  if (suggestion.status === 'pending')
    return (
      <p className="sg-pending" role="status">
        <span className="qs-spinner" aria-hidden="true" />
        {SUGGEST_UI.pending}
      </p>
    );
  return (
    <div className="sg-results">
      <h3 id={titleId}>{SUGGEST_UI.resultsTitle}</h3>
      <p className="muted sg-note">
        {format(SUGGEST_UI.askedFor, { what })} · {SUGGEST_UI.spreadHelp}
      </p>
      {suggestion.candidates.length === 0 ? (
        <p className="notice notice-info">{SUGGEST_UI.noResults}</p>
      ) : (
        <ol id={listId} className="sg-list" aria-labelledby={titleId}>
          {shown.map((c) => (
            <CandidateRow key={c.index} candidate={c} {...props} />
          ))}
        </ol>
      )}
      {suggestion.candidates.length > SHOWN_PLACES && (
        <button
          type="button"
          className="btn btn-ghost btn-sm sg-more"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? SUGGEST_UI.showFewer : format(SUGGEST_UI.showMore, { n: more })}
        </button>
      )}
      {leftOut && <p className="notice notice-info sg-left-out">{leftOut}</p>}
    </div>
  );
}

function CandidateRow({ candidate: c, ...props }: ResultsProps & { candidate: CandidateView }) {
  const nameId = useId();
  const rows = travelRows(c.travel, props.meId);
  const by = everyoneByText(c.everyoneBy, props.tzId, props);
  const spread = spreadText(c.spreadSeconds);
  const vote = voteView({
    count: c.votes,
    isOwner: props.isOwner,
    myVote: props.suggestion.myVote,
    candidate: c.index,
    member: props.member,
  });
  const current = props.destination !== null && sameDestination(props.destination, c);
  const problem = props.problem?.index === c.index ? props.problem.problem : null;
  const busy = props.meeting !== null;
  return (
    <li className="sg-item" aria-labelledby={nameId} data-current={current || undefined}>
      <div className="sg-item-head">
        <span className="sg-rank" aria-hidden="true">
          {c.rank}
        </span>
        <div className="sg-place">
          <h4 id={nameId}>{c.name}</h4>
          {c.address && <p className="muted sg-address">{c.address}</p>}
        </div>
        {current && <span className="badge sg-current">{SUGGEST_UI.current}</span>}
      </div>
      {(by || spread) && (
        <p className="sg-facts">
          {by && <strong>{by}</strong>}
          {by && spread && ' · '}
          {spread && <span className="nowrap">{spread}</span>}
        </p>
      )}
      <ul className="sg-travel" aria-label={format(SUGGEST_UI.travelLabel, { name: c.name })}>
        {rows.map((r) => (
          <li key={r.key} data-mine={r.mine || undefined}>
            <span className="sg-who">{r.who}</span>
            <span className="sg-time">{r.time}</span>
          </li>
        ))}
      </ul>
      {(vote.countText || vote.canVote || props.isOwner) && (
        <div className="sg-actions">
          {vote.countText && (
            <span className="sg-votes">
              <ThumbsUpIcon />
              {vote.countText}
            </span>
          )}
          {vote.canVote && (
            <button
              type="button"
              className="btn btn-secondary btn-sm sg-vote"
              aria-pressed={vote.pressed}
              aria-label={format(SUGGEST_UI.voteFor, { name: c.name })}
              disabled={props.voting}
              onClick={() => props.onVote(c.index)}
            >
              <ThumbsUpIcon />
              {SUGGEST_UI.vote}
            </button>
          )}
          {vote.pressed && <span className="sg-voted">{SUGGEST_UI.voted}</span>}
          {props.isOwner && !current && (
            <button
              type="button"
              className="btn btn-primary btn-sm sg-meet"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => props.onMeet(c)}
            >
              {props.meeting === c.index ? SUGGEST_UI.meeting : SUGGEST_UI.meetHere}
            </button>
          )}
        </div>
      )}
      {problem && (
        <div className="notice notice-error qs-problem" role="alert">
          <span>{problem.message}</span>
          {problem.rule && PLAN_RULES.has(problem.rule) && <PlansLink />}
          {problem.message === MESSAGES.selectedTimeTooEarly && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={props.onUseEarliest}
            >
              {SESSION_SPEC.useEarliestTime}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
