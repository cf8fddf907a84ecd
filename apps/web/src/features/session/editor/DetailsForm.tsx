import { MESSAGES, SESSION_MESSAGES, SESSION_SEARCH_RESULTS_LIMIT } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { TextField } from '../../../components/TextField';
import { SPEC } from '../../../text';
import { isTooEarly } from '@oneeta/travel';
import { draftArriveAt, type Draft } from './draft';
import { PlaceSearch } from '../../map';
import { arrivalBounds } from './save-rules';
import { SESSION_SPEC, SESSION_UI } from '../texts';
import type { SessionEditor } from './use-session-editor';

export interface DetailsFormProps {
  id: string;
  draft: Draft;
  dirty: boolean;
  /** The owner (or the creator of a new session) may change and save. */
  editable: boolean;
  /** A guest on a new session may pick a place to preview travel times, but not save. */
  canPick: boolean;
  guest: boolean;
  /** The owner's plan does not allow editing a saved session. */
  editsBlocked: boolean;
  sessionExists: boolean;
  earliest: Date | null;
  /** The map (with its own search box) is hidden: search here instead. */
  showSearch: boolean;
  near: { lat: number; lon: number } | null;
  editor: SessionEditor;
  expanded: boolean;
  onToggle: () => void;
}

function Problem({
  editor,
  id,
  tooEarly,
}: {
  editor: SessionEditor;
  id: string;
  tooEarly: boolean;
}) {
  const problem =
    editor.problem ??
    (tooEarly ? { message: MESSAGES.selectedTimeTooEarly, rule: 'too-early' as const } : null);
  if (!problem) return null;
  const needsSignIn = problem.rule === 'sign-in' || problem.message === MESSAGES.sessionExpired;
  return (
    <div className="notice notice-error qs-problem" role="alert">
      <span>{problem.message}</span>
      {problem.message === MESSAGES.selectedTimeTooEarly && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={editor.applyEarliest}>
          {SESSION_SPEC.useEarliestTime}
        </button>
      )}
      {needsSignIn && (
        <Link
          to="/auth"
          search={{ mode: 'login', next: `/s/${id}` }}
          className="btn btn-secondary btn-sm"
        >
          {SPEC.signInNav}
        </Link>
      )}
    </div>
  );
}

/**
 * The details form (doc 1 §2): destination (search and confirm), timezone (from the timezone
 * API), date and time in the destination's zone; Show details / Hide details; 'Save changes'
 * while the draft differs from the saved copy.
 */
export function DetailsForm(props: DetailsFormProps) {
  const { id, draft, dirty, editable, canPick, guest, editor, expanded, onToggle, earliest } =
    props;
  const regionId = useId();
  const { minDate, minTime } = arrivalBounds(earliest, draft.tzId, draft.dateStr);
  const timeDisabled = !editable || !draft.destination || editor.tzLoading;
  const arriveAt = draftArriveAt(draft);
  const tooEarly = editable && dirty && arriveAt !== null && isTooEarly(arriveAt, earliest);

  return (
    <section className="card qs-details" aria-labelledby={`${regionId}-title`}>
      <div className="qs-card-head">
        <h2 id={`${regionId}-title`}>{SESSION_UI.detailsTitle}</h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-expanded={expanded}
          aria-controls={regionId}
          onClick={onToggle}
        >
          {expanded ? SESSION_SPEC.hideDetails : SESSION_SPEC.showDetails}
        </button>
      </div>
      <div id={regionId} hidden={!expanded}>
        <div className="field qs-form qs-destination-field">
          <span className="qs-label">{SESSION_UI.destination}</span>
          {draft.destination ? (
            <p className="qs-destination">
              <strong>{draft.destination.name}</strong>
              {draft.destination.address && (
                <span className="muted">{draft.destination.address}</span>
              )}
            </p>
          ) : (
            <p className="muted">
              {!editable && !canPick
                ? SESSION_UI.notSet
                : props.showSearch
                  ? SESSION_UI.pickDestination
                  : SESSION_UI.pickOnMap}
            </p>
          )}
          {(editable || canPick) && props.showSearch && (
            <PlaceSearch
              limit={SESSION_SEARCH_RESULTS_LIMIT}
              near={props.near}
              {...(props.sessionExists ? { sessionId: id } : {})}
              onConfirm={editor.onPlaceConfirmed}
              label={draft.destination ? SESSION_UI.changeDestination : SESSION_UI.destination}
            />
          )}
        </div>
        <form
          className="form qs-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            editor.save();
          }}
        >
          <TextField
            label={SESSION_UI.timezone}
            hint={SESSION_UI.timezoneHint}
            error={editor.tzError ?? undefined}
            readOnly
            value={editor.tzLoading ? SESSION_UI.timezoneLoading : (draft.tzId ?? '')}
          />
          <div className="field-row">
            <TextField
              label={SESSION_UI.date}
              type="date"
              value={draft.dateStr}
              min={minDate}
              disabled={timeDisabled}
              onChange={(e) => editor.setDateTime({ dateStr: e.target.value })}
            />
            <TextField
              label={SESSION_UI.time}
              type="time"
              step={60}
              value={draft.timeStr}
              min={minTime}
              disabled={timeDisabled}
              onChange={(e) => editor.setDateTime({ timeStr: e.target.value })}
            />
          </div>
          <Problem editor={editor} id={id} tooEarly={tooEarly} />
          {props.editsBlocked && (
            <p className="notice notice-info">{SESSION_MESSAGES.freePlanNoEdits}</p>
          )}
          {!editable && !props.editsBlocked && (
            <p className="muted">{guest ? SESSION_UI.guestDetails : SESSION_UI.readOnlyDetails}</p>
          )}
          {dirty && editable && (
            <div className="qs-save">
              <p className="qs-unsaved" role="status">
                {SESSION_UI.unsavedChanges}
              </p>
              <button type="submit" className="btn btn-primary" disabled={editor.saving}>
                {editor.saving ? SESSION_UI.saving : SESSION_SPEC.saveChanges}
              </button>
            </div>
          )}
          {dirty && guest && (
            <p className="notice notice-info">
              {MESSAGES.signInToSave}{' '}
              <Link to="/auth" search={{ mode: 'login', next: `/s/${id}` }} className="link">
                {SPEC.signInNav}
              </Link>
            </p>
          )}
        </form>
      </div>
    </section>
  );
}
