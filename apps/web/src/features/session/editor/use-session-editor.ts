import {
  MAPS_MESSAGES,
  type Destination,
  type LocationSource,
  type Session,
  type User,
} from '@oneeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { getTimezone } from '../../../api/maps';
import { queryKeys } from '../../../api/query-keys';
import { saveSession } from '../../../api/sessions';
import { useToast } from '../../toast';
import { browserZone, safeZonedParts, type Draft } from './draft';
import type { DraftState } from './use-draft';
import { invitesUsed } from '../invites/invite-rules';
import type { LocationFix } from '../location/location-machine';
import {
  checkSave,
  earliestFix,
  saveErrorOf,
  suggestedArrival,
  type LimitsView,
  type SaveRule,
} from './save-rules';
import { SESSION_UI } from '../texts';

export interface SaveProblem {
  message: string;
  rule?: SaveRule;
  /** With 'Selected time is too early': the time 'Use earliest time' sets. */
  earliest?: Date;
}

export interface EditorInput {
  id: string;
  session: Session | null;
  user: User | null;
  limits: LimitsView | null | undefined;
  drafts: DraftState;
  earliest: Date | null;
  now: Date;
  /** The owner's (or creator's) position, sent with the save as their participant entry. */
  position: LocationFix | null;
  /** Where that position comes from: the device (live or last known) or a typed starting address. */
  positionSource: LocationSource;
  editable: boolean;
  /** Invitees listed before the first save: counted by the free plan's rule. */
  draftInvitees: number;
  /** After the save that created the session (sends the listed invitees). */
  onCreated?: () => void;
}

/** How 'Meet here' saves: the place's zone when known, when everyone can be there, and where a refusal goes. */
export interface MeetOptions {
  tzId: string | null;
  earliest: Date | null;
  /** 'Use earliest time' after a 'too early' refusal: the arrival to save instead of the saved one. */
  arriveAt?: Date;
  onProblem: (problem: SaveProblem | null) => void;
  onSaved?: () => void;
}

/** A confirmed search result as the session's destination. */
export interface PlaceInput {
  id: string;
  name: string;
  address: string;
  position: { lat: number; lon: number };
}

/**
 * The details form's behaviour: the destination from a confirmed place and its time zone from
 * GET /api/maps/timezone; the default arrival (earliest + 5 minutes) while the user has not chosen
 * one; the save with every rule of doc 1 §5 checked first and the server's refusals shown (§8).
 */
export function useSessionEditor(input: EditorInput) {
  const { id, session, user, limits, drafts, earliest, now, position, positionSource, editable } =
    input;
  const { draftInvitees, onCreated } = input;
  const { draft, patch, reset } = drafts;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [tzLoading, setTzLoading] = useState(false);
  const [tzError, setTzError] = useState<string | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const lookup = useRef(0);
  /** The date and time are our suggestion, not the user's choice: they follow the earliest time. */
  const suggesting = useRef(false);

  const onPlaceConfirmed = useCallback(
    (place: PlaceInput) => {
      const destination: Destination = {
        id: place.id,
        name: place.name,
        address: place.address,
        position: place.position,
      };
      patch({ destination, tzId: null });
      setProblem(null);
      setTzError(null);
      setTzLoading(true);
      const mine = ++lookup.current;
      getTimezone(place.position.lat, place.position.lon, session ? id : undefined)
        .then(({ timeZoneId }) => {
          if (mine === lookup.current) patch({ tzId: timeZoneId });
        })
        .catch((error: unknown) => {
          if (mine !== lookup.current) return;
          setTzError(errorMessage(error, MAPS_MESSAGES.timezoneFailed));
          patch({ tzId: browserZone() });
        })
        .finally(() => {
          if (mine === lookup.current) setTzLoading(false);
        });
    },
    [patch, session, id],
  );

  // The default suggestion: earliest + 5 minutes, until the user picks a date or time.
  const needsSuggestion =
    editable &&
    !!draft.destination &&
    !!draft.tzId &&
    (!draft.dateStr || !draft.timeStr || suggesting.current);
  useEffect(() => {
    if (!needsSuggestion) return;
    const next = suggestedArrival(earliest, now, draft.tzId);
    if (next.dateStr === draft.dateStr && next.timeStr === draft.timeStr) return;
    suggesting.current = true;
    patch(next);
  }, [needsSuggestion, earliest, now, draft.tzId, draft.dateStr, draft.timeStr, patch]);

  const setDateTime = useCallback(
    (changes: Partial<Pick<Draft, 'dateStr' | 'timeStr'>>) => {
      suggesting.current = false;
      setProblem(null);
      patch(changes);
    },
    [patch],
  );

  const applyEarliest = useCallback(() => {
    const at = problem?.earliest ?? earliest;
    if (!at) return;
    setDateTime(earliestFix(at, draft.tzId));
  }, [problem, earliest, draft.tzId, setDateTime]);

  const mutation = useMutation({
    mutationFn: saveSession,
    onMutate: () => ({ created: session === null }),
    onSuccess: ({ session: savedSession }, _body, context) => {
      suggesting.current = false;
      if (context.created) onCreated?.();
      queryClient.setQueryData(queryKeys.session(id), savedSession);
      reset();
      setProblem(null);
      toast.success(SESSION_UI.saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionListRoot });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionLimits });
    },
  });
  /** The form's own saves show a refusal in the form (and the late alert's re-plan beside it). */
  const showProblem = useMemo(
    () => ({ onError: (error: Error) => setProblem(saveErrorOf(error)) }),
    [],
  );

  const save = useCallback(() => {
    const check = checkSave({
      signedIn: user !== null,
      isNew: session === null,
      draft,
      earliest,
      limits,
      invitedCount: session ? invitesUsed(session) : draftInvitees,
    });
    if (!check.ok) {
      setProblem({
        message: check.message,
        rule: check.rule,
        ...(check.earliest ? { earliest: check.earliest } : {}),
      });
      return;
    }
    setProblem(null);
    const me = ownEntry(user, position, positionSource);
    mutation.mutate(
      {
        sessionId: id,
        destination: draft.destination,
        tzId: draft.tzId,
        arriveAt: check.arriveAt.toISOString(),
        travelMode: 'car',
        participants: me,
      },
      showProblem,
    );
  }, [
    user,
    session,
    draft,
    earliest,
    limits,
    position,
    positionSource,
    id,
    mutation,
    draftInvitees,
    showProblem,
  ]);

  /**
   * The owner's one-tap re-plan (issue 15): saves the session as it is saved, with `at` as its
   * arrival time, through the same save call and rules (the server checks them); the draft's
   * unsaved edits give way to it.
   */
  const moveArrival = useCallback(
    (at: Date) => {
      if (!session) return;
      setProblem(null);
      mutation.mutate(
        {
          sessionId: id,
          destination: session.destination,
          tzId: session.tzId,
          arriveAt: at.toISOString(),
          travelMode: 'car',
          participants: ownEntry(user, position, positionSource),
        },
        showProblem,
      );
    },
    [session, id, user, position, positionSource, mutation, showProblem],
  );

  /**
   * 'Meet here' (Where should we meet?): the place becomes the destination through the same save
   * and rules: its time zone (given, else looked up), the saved arrival instant kept (or `arriveAt`,
   * or the default suggestion when there is none), 'too early' against when everyone can be there,
   * the plan's limits. A refusal goes to `onProblem`, shown by the panel as the form shows it.
   */
  const meetHere = useCallback(
    (place: PlaceInput, options: MeetOptions) => {
      const { earliest: placeEarliest, onProblem } = options;
      onProblem(null);
      const run = (tzId: string) => {
        const at = options.arriveAt ?? (session?.arriveAt ? new Date(session.arriveAt) : null);
        const when = at ? zonedFields(at, tzId) : suggestedArrival(placeEarliest, now, tzId);
        const next: Draft = { destination: { ...place }, tzId, ...when };
        const check = checkSave({
          signedIn: user !== null,
          isNew: session === null,
          draft: next,
          earliest: placeEarliest,
          limits,
          invitedCount: session ? invitesUsed(session) : draftInvitees,
        });
        if (!check.ok) {
          onProblem({
            message: check.message,
            rule: check.rule,
            ...(check.earliest ? { earliest: check.earliest } : {}),
          });
          return;
        }
        mutation.mutate(
          {
            sessionId: id,
            destination: next.destination,
            tzId,
            arriveAt: check.arriveAt.toISOString(),
            travelMode: 'car',
            participants: ownEntry(user, position, positionSource),
          },
          {
            onError: (error) => onProblem(saveErrorOf(error)),
            onSuccess: () => options.onSaved?.(),
          },
        );
      };
      if (options.tzId) {
        run(options.tzId);
        return;
      }
      getTimezone(place.position.lat, place.position.lon, session ? id : undefined).then(
        ({ timeZoneId }) => run(timeZoneId),
        (error: unknown) =>
          onProblem({ message: errorMessage(error, MAPS_MESSAGES.timezoneFailed) }),
      );
    },
    [session, id, user, limits, now, draftInvitees, position, positionSource, mutation],
  );

  return {
    onPlaceConfirmed,
    moveArrival,
    meetHere,
    tzLoading,
    tzError,
    problem,
    setDateTime,
    applyEarliest,
    save,
    saving: mutation.isPending,
  };
}

export type SessionEditor = ReturnType<typeof useSessionEditor>;

/** The saver's own participant entry, sent with a save: their position, when known. */
function ownEntry(user: User | null, position: LocationFix | null, source: LocationSource) {
  return user && position
    ? [
        {
          id: `user:${user.id}`,
          name: (user.name || user.email).slice(0, 80),
          lat: position.latitude,
          lon: position.longitude,
          locationSource: source,
        },
      ]
    : [];
}

/** An instant as the form's date and time fields in a zone. */
function zonedFields(at: Date, tzId: string): Pick<Draft, 'dateStr' | 'timeStr'> {
  const { date, time } = safeZonedParts(at, tzId);
  return { dateStr: date, timeStr: time };
}
