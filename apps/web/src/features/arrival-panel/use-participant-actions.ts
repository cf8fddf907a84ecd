import type { Participant, RouteOptions, Session } from '@oneeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import {
  leaveSession,
  removeParticipant,
  saveRouteOptions,
  setEnroute,
} from '../../api/participants';
import { queryKeys } from '../../api/query-keys';
import { cancelInvite } from '../../api/invites';
import { useToast } from '../toast';
import { withoutInvite, withParticipant, withParticipants } from './session-cache';
import { PANEL_TOASTS } from './texts';

/**
 * The arrival panel's participant actions (doc 2 §7): each call shows its toast (doc 2 §8: the
 * server's error text when it gives one, else the generic one), patches the cached session with
 * the answer, and invalidates `queryKeys.session(id)` so everything refetches.
 */
export function useParticipantActions(sessionId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = queryKeys.session(sessionId);

  const patch = (update: (session: Session) => Session) =>
    queryClient.setQueryData<Session>(key, (old) => (old ? update(old) : old));
  const settle = () => queryClient.invalidateQueries({ queryKey: key });
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  const routeOptions = useMutation({
    mutationFn: ({ participantId, options }: { participantId: string; options: RouteOptions }) =>
      saveRouteOptions(sessionId, participantId, options),
    onSuccess: ({ participant }: { participant: Participant }) => {
      patch((s) => withParticipant(s, participant));
      toast.success(PANEL_TOASTS.routeOptionsSaved);
    },
    onError: fail(PANEL_TOASTS.routeOptionsFailed),
    onSettled: settle,
  });

  const enroute = useMutation({
    mutationFn: ({ participantId, enroute: value }: { participantId: string; enroute: boolean }) =>
      setEnroute(sessionId, participantId, value),
    onSuccess: ({ participant }) => {
      patch((s) => withParticipant(s, participant));
      toast.success(participant.enroute ? PANEL_TOASTS.markedEnroute : PANEL_TOASTS.clearedEnroute);
    },
    onError: fail(PANEL_TOASTS.enrouteFailed),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (participantId: string) => removeParticipant(sessionId, participantId),
    onSuccess: ({ participants }) => {
      patch((s) => withParticipants(s, participants));
      toast.success(PANEL_TOASTS.participantRemoved);
    },
    onError: fail(PANEL_TOASTS.removeFailed),
    onSettled: settle,
  });

  const leave = useMutation({
    mutationFn: (participantId: string) => leaveSession(sessionId, participantId),
    onSuccess: ({ participants }) => {
      patch((s) => withParticipants(s, participants));
      toast.success(PANEL_TOASTS.leftSession);
    },
    onError: fail(PANEL_TOASTS.leaveFailed),
    onSettled: settle,
  });

  const cancel = useMutation({
    mutationFn: (inviteId: string) => cancelInvite(sessionId, inviteId),
    onSuccess: (_answer, inviteId) => {
      patch((s) => withoutInvite(s, inviteId));
      toast.success(PANEL_TOASTS.inviteCancelled);
    },
    onError: fail(PANEL_TOASTS.cancelInviteFailed),
    onSettled: settle,
  });

  return { routeOptions, enroute, remove, leave, cancelInvite: cancel };
}

export type ParticipantActions = ReturnType<typeof useParticipantActions>;
