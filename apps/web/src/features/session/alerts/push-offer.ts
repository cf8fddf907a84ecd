/**
 * The session page's one-time offer to turn on web push (issue 14): shown at a moment it matters
 * (right after the person joined this session, or after the owner saved it for the first time),
 * never on a plain page load, and never again once dismissed.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PushPermission } from '../../profile/use-web-push';

/** localStorage: set once the person answered 'Not now'. */
export const PUSH_OFFER_DISMISSED_KEY = 'oneeta:push-offer-dismissed';

export interface PushOfferFacts {
  /** The person just joined this session or saved it as new, in this page visit. */
  moment: boolean;
  signedIn: boolean;
  /** Service worker, Push API and Notification API are there. */
  supported: boolean;
  permission: PushPermission;
  /** 'Not now' was pressed before, on this browser. */
  dismissed: boolean;
}

/** Whether the offer may show at all, before knowing this browser's registration (cheap checks). */
export function canOfferPush(facts: PushOfferFacts): boolean {
  return (
    facts.moment &&
    facts.signedIn &&
    facts.supported &&
    facts.permission === 'default' &&
    !facts.dismissed
  );
}

/**
 * Whether this browser is among the user's registered devices: its subscription's endpoint is in
 * the server's list. null while either is still loading.
 */
export function registeredHere(
  endpoint: string | null,
  devices: readonly { endpoint: string }[] | undefined,
  checking: boolean,
): boolean | null {
  if (checking || devices === undefined) return null;
  return endpoint !== null && devices.some((device) => device.endpoint === endpoint);
}

export interface PushOfferAttempt {
  /** 'Turn on notifications' is under way. */
  enabling: boolean;
  /** It failed: the card stays to say why. */
  failed: boolean;
  /** This browser is subscribed now. */
  enabled: boolean;
}

/**
 * The card shows when the offer applies and this browser is known not to be registered; once the
 * person pressed 'Turn on notifications' it stays while that runs or to show its error, and goes
 * when it worked. 'Not now' hides it for good.
 */
export function showPushOffer(
  facts: PushOfferFacts & { registered: boolean | null },
  attempt: PushOfferAttempt,
): boolean {
  if (facts.dismissed || attempt.enabled) return false;
  if (attempt.enabling || attempt.failed) return true;
  return canOfferPush(facts) && facts.registered === false;
}

/* ---------- The moment: which sessions were just joined or created in this page visit ---------- */

const moments = new Set<string>();
const listeners = new Set<() => void>();
const mounted = new Map<string, number>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Call right after joining session `sessionId` or saving it as new. Kept in memory only: a reload forgets it. */
export function markPushMoment(sessionId: string): void {
  moments.add(sessionId);
  emit();
}

export function hasPushMoment(sessionId: string): boolean {
  return moments.has(sessionId);
}

/** Ends the moment (answered, or the person left the session page). */
export function endPushMoment(sessionId: string): void {
  if (moments.delete(sessionId)) emit();
}

/**
 * Whether `sessionId`'s page is at the offer's moment. The moment ends when the page unmounts
 * (checked a tick later, so StrictMode's rehearsal of an unmount does not end it).
 */
export function usePushMoment(sessionId: string): boolean {
  const moment = useSyncExternalStore(
    subscribe,
    () => hasPushMoment(sessionId),
    () => false,
  );
  useEffect(() => {
    mounted.set(sessionId, (mounted.get(sessionId) ?? 0) + 1);
    return () => {
      mounted.set(sessionId, (mounted.get(sessionId) ?? 1) - 1);
      setTimeout(() => {
        if ((mounted.get(sessionId) ?? 0) === 0) endPushMoment(sessionId);
      }, 0);
    };
  }, [sessionId]);
  return moment;
}

export function readDismissed(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(PUSH_OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissed(storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(PUSH_OFFER_DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the offer still goes away for this page.
  }
}
