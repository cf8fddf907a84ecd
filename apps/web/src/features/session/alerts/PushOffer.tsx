import { lazy, Suspense, useState } from 'react';
import { isPushSupported } from '../../profile/push-logic';
import { canOfferPush, readDismissed, rememberDismissed, usePushMoment } from './push-offer';

// The card needs the push hook and its API calls: loaded only when the offer may show.
const PushOfferCard = lazy(() => import('./PushOfferCard'));

/**
 * The one-time offer to turn on notifications, right after the person joined this session or
 * saved it as new (`markPushMoment`), never on a plain page load. The cheap checks run here; the
 * card checks this browser's registration and does the enabling with the profile's push hook.
 */
export function PushOffer({ sessionId, signedIn }: { sessionId: string; signedIn: boolean }) {
  const moment = usePushMoment(sessionId);
  const [dismissed, setDismissed] = useState(() => readDismissed(globalThis.localStorage));
  // `Notification.permission` asks the browser process (a synchronous round trip of 10 ms and
  // more on a phone at page load): read only at the moment the offer may show.
  const considered = moment && signedIn && !dismissed;
  const supported = considered && isPushSupported(globalThis);
  const facts = {
    moment,
    signedIn,
    supported,
    permission: supported ? Notification.permission : ('unsupported' as const),
    dismissed,
  };
  // Once the card is up it stays until answered, whatever the moment does meanwhile.
  const [opened, setOpened] = useState(false);
  if (!opened && canOfferPush(facts)) setOpened(true);
  if (!opened || dismissed) return null;

  const dismiss = () => {
    rememberDismissed(globalThis.localStorage);
    setDismissed(true);
  };
  return (
    <Suspense fallback={null}>
      <PushOfferCard facts={facts} onDismiss={dismiss} />
    </Suspense>
  );
}
