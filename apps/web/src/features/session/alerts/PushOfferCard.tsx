import { useWebPush } from '../../profile/use-web-push';
import { registeredHere, showPushOffer, type PushOfferFacts } from './push-offer';
import { SESSION_UI } from '../texts';

/** The offer's card: 'Turn on notifications' (the profile's push hook) or 'Not now' (for good). */
export default function PushOfferCard({
  facts,
  onDismiss,
}: {
  facts: PushOfferFacts;
  onDismiss: () => void;
}) {
  const push = useWebPush();
  const registered = registeredHere(push.endpoint, push.devices.data, push.checking);
  const show = showPushOffer(
    { ...facts, permission: push.permission, registered },
    { enabling: push.busy === 'enable', failed: push.error !== null, enabled: push.enabled },
  );
  if (!show) return null;
  return (
    <aside className="qs-callout qs-push-offer" aria-label={SESSION_UI.pushOfferTitle}>
      <p className="qs-callout-title">{SESSION_UI.pushOfferTitle}</p>
      <p className="qs-callout-body">{SESSION_UI.pushOfferBody}</p>
      {push.error && (
        <p className="notice notice-error" role="alert">
          {push.error}
        </p>
      )}
      <div className="qs-callout-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={push.busy !== null || push.checking || push.missingVapidKey}
          onClick={() => void push.enable()}
        >
          {SESSION_UI.pushOfferEnable}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
          {SESSION_UI.pushOfferNotNow}
        </button>
      </div>
    </aside>
  );
}
