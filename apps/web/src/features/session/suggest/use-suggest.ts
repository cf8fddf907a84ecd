import { type Plan, type PlaceCategory, type Session, type Suggestion } from '@oneeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { sessionQuery } from '../../../api/sessions';
import {
  createSuggestion,
  SUGGEST_FAILED,
  voteSuggestion,
  VOTE_FAILED,
} from '../../../api/suggestions';
import type { SelectedPlace } from '../../map';
import { useToast } from '../../toast';
import type { SaveProblem, SessionEditor } from '../editor/use-session-editor';
import type { Refusal, SuggestMode } from './SuggestChooser';
import {
  addPick,
  candidateInputs,
  isPlanLimitText,
  meetEarliest,
  nextVote,
  removePick,
  type PlacePick,
} from './suggest-logic';
import type { CandidateView } from './view';

const MINUTE_MS = 60_000;

export interface SuggestInput {
  id: string;
  session: Session;
  plan: Plan;
  max: number;
  now: Date;
  editor: SessionEditor;
}

/**
 * The panel's state and calls: the owner's choice (a kind of place, or a list of places), the
 * POST that asks, a member's thumbs up, and 'Meet here' through the editor's save. The answers
 * go into the session's query, where live frames keep the suggestion current.
 */
export function useSuggest({ id, session, plan, max, now, editor }: SuggestInput) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<SuggestMode>('category');
  const [category, setCategory] = useState<PlaceCategory>('cafe');
  const [picks, setPicks] = useState<PlacePick[]>([]);
  const [addProblem, setAddProblem] = useState<Refusal | null>(null);
  const [askProblem, setAskProblem] = useState<Refusal | null>(null);
  const [meeting, setMeeting] = useState<number | null>(null);
  const [meetProblem, setMeetProblem] = useState<{ index: number; problem: SaveProblem } | null>(
    null,
  );

  /** The suggestion an answer carries goes into the session the page holds. */
  const store = useCallback(
    (suggestion: Suggestion) =>
      queryClient.setQueryData(sessionQuery(id).queryKey, (old) =>
        old ? { ...old, suggestion } : old,
      ),
    [queryClient, id],
  );

  const add = useCallback(
    (place: SelectedPlace) => {
      const result = addPick(picks, place, { max, plan });
      setAddProblem(
        result.ok ? null : { message: result.message, plan: isPlanLimitText(result.message) },
      );
      if (result.ok) setPicks(result.list);
    },
    [picks, max, plan],
  );
  const remove = useCallback((placeId: string) => {
    setAddProblem(null);
    setPicks((list) => removePick(list, placeId));
  }, []);

  const ask = useMutation({
    mutationFn: () =>
      createSuggestion(
        id,
        mode === 'category' ? { category } : { candidates: candidateInputs(picks) },
      ),
    onMutate: () => setAskProblem(null),
    onSuccess: ({ suggestion }) => {
      store(suggestion);
      setOpen(false);
      setMeetProblem(null);
    },
    onError: (error) => {
      const message = errorMessage(error, SUGGEST_FAILED);
      setAskProblem({ message, plan: isPlanLimitText(message) });
    },
  });

  const vote = useMutation({
    mutationFn: ({ suggestionId, index }: { suggestionId: string; index: number | null }) =>
      voteSuggestion(id, suggestionId, index),
    onSuccess: ({ suggestion }) => store(suggestion),
    onError: (error) => toast.error(errorMessage(error, VOTE_FAILED)),
  });

  const onVote = useCallback(
    (index: number) => {
      const current = session.suggestion;
      if (!current) return;
      vote.mutate({ suggestionId: current.id, index: nextVote(current.myVote, index) });
    },
    [session.suggestion, vote],
  );

  const meet = useCallback(
    (candidate: CandidateView, arriveAt?: Date) => {
      setMeeting(candidate.index);
      setMeetProblem(null);
      editor.meetHere(
        {
          id: candidate.id,
          name: candidate.name,
          address: candidate.address,
          position: candidate.position,
        },
        {
          tzId: null,
          earliest: meetEarliest(candidate.travel, now),
          ...(arriveAt ? { arriveAt } : {}),
          onProblem: (problem) => {
            if (!problem) return;
            setMeeting(null);
            setMeetProblem({ index: candidate.index, problem });
          },
          onSaved: () => setMeeting(null),
        },
      );
    },
    [editor, now],
  );

  /** 'Use earliest time' under a refused 'Meet here': saved again at that time, to the minute. */
  const retryAtEarliest = useCallback(
    (candidate: CandidateView | undefined) => {
      const at = meetProblem?.problem.earliest;
      if (!candidate || !at) return;
      meet(candidate, new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS));
    },
    [meet, meetProblem],
  );

  return {
    open,
    setOpen,
    mode,
    setMode: (m: SuggestMode) => {
      setMode(m);
      setAskProblem(null);
    },
    category,
    setCategory,
    picks,
    add,
    remove,
    addProblem,
    ask: () => ask.mutate(),
    asking: ask.isPending,
    askProblem,
    onVote,
    voting: vote.isPending,
    meet,
    meeting,
    meetProblem,
    retryAtEarliest,
    /** The owner is building a list: the map's confirmed places go to it. */
    collecting: open && mode === 'places',
  };
}
