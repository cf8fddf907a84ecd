import { MESSAGES, SESSION_MESSAGES, type RegisterBody } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { INVITE_REGISTRATION_FAILED, register } from '../../api/auth';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { acceptInvite, declineInvite, type LatLon } from '../../api/invites';
import { useAuth } from '../../hooks/use-auth';
import { markPushMoment } from '../session/alerts/push-offer';
import { useToast } from '../toast';
import { isInvalidInviteError, runJoinAttempt } from './join-guard';
import { placePosition, positionFailureMessage, requestInvitePosition } from './position';
import { INVITE_SPEC, INVITE_UI } from './texts';

export type InvitePhase = 'idle' | 'locating' | 'joining' | 'declining' | 'registering';

/** A failure to show: the spec's title ('Could not accept invite') and the server's text. */
export interface InviteProblem {
  /** Which action failed: the register form shows its own. */
  source: 'accept' | 'decline' | 'register';
  title: string;
  detail?: string;
  /** The server's error code, e.g. 'joined_limit' (the page then says which session holds the place). */
  code?: string;
}

export interface InviteFlow {
  phase: InvitePhase;
  busy: boolean;
  /** The manual address form is shown ('Location is required to join…'). */
  manual: boolean;
  /** Why the device gave no position (doc 1 §8 location texts), when it did not. */
  locationMessage: string | null;
  /** The server answered 'missing_location' (else the form was opened by hand). */
  locationRequired: boolean;
  problem: InviteProblem | null;
  /** The invite was declined here: the page says so and where to go next. */
  declined: boolean;
  /** The device position got while accepting, to bias the address search. */
  devicePosition: LatLon | null;
  accept: () => void;
  acceptAt: (place: { position?: { lat?: unknown; lon?: unknown } | null }) => void;
  decline: () => void;
  registerAndAccept: (body: RegisterBody) => void;
  openManual: () => void;
  closeManual: () => void;
}

/** The problem to show for a failed call: the spec's title, the server's (or default) text below. */
function problemOf(
  source: InviteProblem['source'],
  title: string,
  error: unknown,
  fallback: string,
): InviteProblem {
  const detail = isApiError(error) ? error.message : fallback;
  const code = isApiError(error) ? error.code : undefined;
  return {
    source,
    title,
    ...(detail && detail !== title ? { detail } : {}),
    ...(code ? { code } : {}),
  };
}

/**
 * Accept (with a position, else the manual address form), decline, and register-and-accept for
 * one invite (doc 1 §2 "Invite page", §8). Every call goes through the join-attempt limiter.
 */
export function useInviteFlow(sessionId: string, code: string): InviteFlow {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { signIn } = useAuth();

  const [phase, setPhase] = useState<InvitePhase>('idle');
  const [manual, setManual] = useState(false);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [locationRequired, setLocationRequired] = useState(false);
  const [problem, setProblem] = useState<InviteProblem | null>(null);
  const [declined, setDeclined] = useState(false);
  const [devicePosition, setDevicePosition] = useState<LatLon | null>(null);

  const invalid = useCallback(() => {
    toast.error(SESSION_MESSAGES.invalidInvite);
    void navigate({ to: '/', replace: true });
  }, [navigate, toast]);

  /** POSTs accept with `position` (or none, when the device gave none). */
  const join = useCallback(
    async (position: LatLon | null, locationFailure: string | null, typed = false) => {
      setPhase('joining');
      try {
        await runJoinAttempt(sessionId, () =>
          acceptInvite(sessionId, code, position, typed ? 'address' : 'device'),
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.sessionsRoot });
        toast.success(INVITE_UI.joined);
        markPushMoment(sessionId);
        void navigate({ to: '/s/$id', params: { id: sessionId } });
      } catch (error) {
        setPhase('idle');
        if (isApiError(error) && error.code === 'missing_location') {
          setManual(true);
          setLocationRequired(true);
          setLocationMessage(locationFailure);
        } else if (isInvalidInviteError(error)) {
          invalid();
        } else {
          setProblem(
            problemOf('accept', INVITE_SPEC.couldNotAcceptInvite, error, INVITE_SPEC.acceptFailed),
          );
        }
      }
    },
    [code, invalid, navigate, queryClient, sessionId, toast],
  );

  /** Asks the device for a position (maximumAge 60 s, timeout 10 s), then accepts. */
  const acceptWithDevice = useCallback(async () => {
    setProblem(null);
    setPhase('locating');
    const outcome = await requestInvitePosition();
    if (outcome.ok) {
      setDevicePosition(outcome.position);
      await join(outcome.position, null);
    } else {
      // No position: the server decides (an existing participant gets in; else missing_location).
      await join(null, positionFailureMessage(outcome.reason));
    }
  }, [join]);

  const accept = useCallback(() => void acceptWithDevice(), [acceptWithDevice]);

  const acceptAt = useCallback(
    (place: { position?: { lat?: unknown; lon?: unknown } | null }) => {
      setProblem(null);
      const position = placePosition(place);
      if (!position) {
        setProblem({ source: 'accept', title: INVITE_SPEC.selectedPlaceMissingCoordinates });
        return;
      }
      void join(position, null, true);
    },
    [join],
  );

  const decline = useCallback(() => {
    setProblem(null);
    setPhase('declining');
    void (async () => {
      try {
        await runJoinAttempt(sessionId, () => declineInvite(sessionId, code));
        // The page stays and says it worked (a toast alone, on the landing page, said nothing).
        setPhase('idle');
        setDeclined(true);
        void queryClient.invalidateQueries({ queryKey: queryKeys.myInvites });
      } catch (error) {
        setPhase('idle');
        if (isInvalidInviteError(error)) invalid();
        else {
          setProblem(
            problemOf(
              'decline',
              INVITE_SPEC.couldNotDeclineInvite,
              error,
              INVITE_SPEC.declineFailed,
            ),
          );
        }
      }
    })();
  }, [code, invalid, queryClient, sessionId]);

  const registerAndAccept = useCallback(
    (body: RegisterBody) => {
      setProblem(null);
      if (!sessionId || !code) {
        setProblem({ source: 'register', title: MESSAGES.sessionIdAndCodeRequired });
        return;
      }
      setPhase('registering');
      void (async () => {
        try {
          signIn(await register(body, INVITE_REGISTRATION_FAILED));
        } catch (error) {
          setPhase('idle');
          setProblem(problemOf('register', INVITE_SPEC.registrationFailed, error, ''));
          return;
        }
        await acceptWithDevice();
      })();
    },
    [acceptWithDevice, code, sessionId, signIn],
  );

  const openManual = useCallback(() => {
    setProblem(null);
    setManual(true);
  }, []);
  const closeManual = useCallback(() => {
    setManual(false);
    setLocationRequired(false);
    setLocationMessage(null);
  }, []);

  return {
    phase,
    busy: phase !== 'idle',
    manual,
    locationMessage,
    locationRequired,
    problem,
    declined,
    devicePosition,
    accept,
    acceptAt,
    decline,
    registerAndAccept,
    openManual,
    closeManual,
  };
}
