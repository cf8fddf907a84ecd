/**
 * Texts of the in-app notifications, the re-plan offer, the session's mute toggle and the
 * profile's notification settings (issue 15). The offer's question is the contracts'
 * (ALERT_TEXTS, copied from the issue); the rest is our own wording where the issue gives none.
 */
import { ALERT_TEXTS, REPLAN_UPGRADE_URL } from '@oneeta/contracts';
import { UI } from '../../text';

export const INBOX_UI = {
  /** 'Move arrival to {time}?' */
  replanOffer: ALERT_TEXTS['replan-offer'],
  replanAccept: 'Move arrival',
  replanMoving: 'Moving…',
  replanNotNow: 'Not now',
  /** Who the offer is about, above 'Move arrival to {time}?'. */
  runningLate: 'Running late: {names}',
  /** On a plan that cannot edit a saved session: who, the time that would work, the way up. */
  replanUpgrade: ALERT_TEXTS.replanOfferUpgrade,
  upgrade: 'Upgrade',
  upgradeUrl: REPLAN_UPGRADE_URL,
  /** Past REPLAN_OFFER_MAX_HOURS: who is far behind, to remove or message. */
  farBehind: ALERT_TEXTS['far-behind'],
  /** One far-behind person with how late: 'Ben (1 d 18 h 1 min late)'. */
  personLate: '{name} ({duration} late)',
  removePerson: 'Remove {name}',
  messagePerson: 'Message {name}',
  /** Who, when an offer names nobody yet. */
  someone: 'Someone',
  dismiss: UI.dismiss,
  banners: 'Session alerts',
  mute: 'Mute notifications',
  unmute: 'Unmute notifications',
  muted: 'Notifications for this session are muted',
  unmuted: 'Notifications for this session are on',
  // The profile's section
  sectionTitle: 'Notifications',
  sectionIntro: 'Choose what OneETA tells you about, and how.',
  topics: {
    leave: 'Time to leave',
    late: 'Someone is late',
    arrived: 'Someone arrived',
  },
  push: 'Push',
  inApp: 'In-app',
  save: 'Save notification settings',
  saving: 'Saving…',
  saved: 'Notification settings saved',
  loading: 'Loading your notification settings…',
} as const;

/** How long a notification's toast stays (it can be dismissed sooner). */
export const INBOX_TOAST_MS = 8000;
