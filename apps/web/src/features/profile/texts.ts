/**
 * Texts of the profile page. Error texts are the spec's (doc 1 §5, §8, via MESSAGES where the
 * contracts hold them); the ones marked "ours" are not worded in the spec.
 */
import { MESSAGES } from '@oneeta/contracts';
import { PUSH_CALL_ERRORS } from '../../api/push';

export const PROFILE_TEXT = {
  title: 'Profile',
  displayNameLabel: 'Display name',
  save: 'Save',
  saving: 'Saving…',
  nameSaved: 'Name updated', // ours
  updateFailed: MESSAGES.updateFailed,
  signedOutTitle: 'Your profile', // ours
  signedOutBody: 'Sign in to edit your profile and notification settings.', // ours
  signIn: 'Sign in',
  tabs: { phone: 'Phone', web: 'Web Notifications', email: 'Email' },
  // Ours: the privacy brief beside the tabs (doc 1 §2 "A privacy brief links to /privacy").
  privacyBrief:
    'Your phone number and e-mail address are used only to notify you about sessions you take part in. Your location is shared only while you are connected to a session. We never sell your data.',
  privacyTitle: 'Your privacy', // ours
  privacyLink: 'Read the Privacy Policy', // ours
} as const;

export const PHONE_TEXT = {
  // Ours: doc 1 §1 says SMS is "shown as not yet available" but gives no wording.
  smsUnavailable:
    'SMS is not yet available. Phone verification will be switched on when text messages can be sent.',
  phoneLabel: 'Phone number',
  phonePlaceholder: '+1 555 123 4567',
  consentLabel: 'I agree to receive a one-time verification code by SMS at this number.', // ours
  sendCode: 'Send code',
  codeLabel: 'Verification code',
  verify: 'Verify',
  remove: 'Remove phone',
  verified: 'Verified', // ours
  pending: 'Not verified yet', // ours
  none: 'No phone number on your account.', // ours
  invalidPhone: MESSAGES.phoneInvalid,
  startFailed: MESSAGES.startVerificationFailed,
  verifyFailed: MESSAGES.verifyCodeFailed,
  removeFailed: MESSAGES.removePhoneFailed,
} as const;

export const PUSH_TEXT = {
  // Ours: a one-line explanation of the tab.
  intro:
    'Get a notification on this device when someone invites you or a session you are in changes.',
  enable: 'Enable notifications',
  disable: 'Disable notifications',
  enabled: 'Notifications are on for this device.', // ours
  disabled: 'Notifications are off for this device.', // ours
  devicesTitle: 'Registered devices', // ours
  noDevices: 'No devices registered.', // ours
  unknownDevice: 'Unknown device', // ours
  thisDevice: 'This device', // ours
  lastSeen: 'Last seen', // ours
  sendTest: 'Send test push',
  removeAll: 'Remove all devices',
  confirmRemoveAll: 'Remove every registered device? They will stop receiving notifications.', // ours
  testSent: 'Test push sent', // ours
  devicesRemoved: 'All devices removed', // ours
  enabledToast: 'Notifications enabled', // ours
  disabledToast: 'Notifications disabled', // ours
  // Doc 1 §8 Push, verbatim.
  notAuthenticated: MESSAGES.notAuthenticated,
  unsupported: 'Push unsupported',
  missingVapidKey: PUSH_CALL_ERRORS.missingVapidKey,
  registerFailed: PUSH_CALL_ERRORS.registerFailed,
  unregisterFailed: PUSH_CALL_ERRORS.unregisterFailed,
  testFailed: PUSH_CALL_ERRORS.testFailed,
  removeFailed: PUSH_CALL_ERRORS.removeFailed,
  // Ours: doc 1 §8 says the blocked-notifications wording is not shown.
  blocked:
    'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  listFailed: PUSH_CALL_ERRORS.listFailed, // ours
  // Ours: why push cannot work in this browser, and what still does (said after the spec's text).
  noServiceWorker:
    "This browser can't receive push notifications: it does not run service workers (private windows and some privacy settings turn them off).",
  noPushManager: "This browser can't receive push notifications: it has no Push API.",
  noNotifications: "This browser can't receive push notifications: it has no notifications API.",
  workerNotRunning:
    "This browser can't receive push notifications right now: OneETA's service worker is not running here (private windows and some privacy settings stop it).",
  noPushService:
    "This browser can't receive push notifications: it has no push service OneETA can reach.",
  inAppStill: 'Alerts still show in the app while OneETA is open.',
  serverFailed: 'OneETA could not save this device. Try again in a moment.',
} as const;

export const EMAIL_TEXT = {
  accountEmail: 'Account e-mail', // ours
  // Ours: doc 1 §2 only says there is an e-mail tab.
  invites:
    'Session invites are sent to this address. When someone invites you, the e-mail holds a link that opens the invite, which you can accept once you are signed in.',
  notifications: 'Notification e-mails about the sessions you take part in go to this address too.',
  // Ours: e-mail verification and changing the address.
  verified: 'Verified',
  unverified: 'Not verified',
  unverifiedHint:
    'Open the link we sent to this address to verify it. Invites sent to it are shown to you once it is verified.',
  resend: 'Resend verification link',
  resending: 'Sending…',
  resent: (to: string) => `A new link was sent to ${to}.`,
  resendFailed: MESSAGES.resendVerificationFailed,
  changeTitle: 'Change e-mail',
  newEmailLabel: 'New e-mail',
  currentPasswordLabel: 'Current password',
  change: 'Change e-mail',
  changed: (to: string) => `E-mail changed. Open the link we sent to ${to} to verify it.`,
  sameEmail: 'This is already your e-mail',
  passwordRequired: MESSAGES.currentPasswordRequired,
  updateFailed: MESSAGES.updateFailed,
} as const;

export const VERIFY_TEXT = {
  title: 'Verify e-mail',
  working: 'Verifying your e-mail…',
  done: (email: string) => `${email} is verified.`,
  failedTitle: 'The e-mail was not verified',
  missingToken: MESSAGES.verifyTokenRequired,
  failed: MESSAGES.verifyEmailFailed,
  newLinkHint: 'You can send a new link from your profile.',
  toProfile: 'Go to your profile',
  toHome: 'Go to the home page',
} as const;

/** The password, sign-out, data and deletion sections (ours, in the spec's tone; results are MESSAGES). */
export const ACCOUNT_TEXT = {
  passwordTitle: 'Password',
  currentPasswordLabel: 'Current password',
  changePassword: 'Change password',
  changePasswordHint: 'Changing your password signs you out on every other device.',
  passwordChanged: MESSAGES.passwordChanged,
  signInsTitle: 'Where you are signed in',
  signInsBody:
    'Sign out here to end this device’s sign-in. Sign out everywhere if you left OneETA signed in on a device you no longer use, or think someone else may be using your account.',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  confirmSignOutEverywhere:
    'Sign out everywhere? Every device signed in to your account, this one too, will need your password again.',
  signedOutEverywhere: MESSAGES.signedOutEverywhere,
  dataTitle: 'Your data',
  dataBody: 'Download a copy of the data OneETA keeps about your account, as a JSON file.',
  download: 'Download my data',
  downloading: 'Preparing…',
  downloaded: 'Your data was saved as oneeta-data.json',
  dangerTitle: 'Delete account',
  dangerLead: 'Deleting your account cannot be undone. When you delete it:',
  dangerConsequences: [
    'your account, its password and its sign-ins end at once, on every device;',
    'the sessions you own are handed to another participant, or closed;',
    'your positions, your chat messages, your registered devices and the e-mails still waiting to be sent to you are deleted;',
    'records of what you did (audit and usage rows) are kept without your name or e-mail.',
  ],
  dangerExport: 'Download your data first if you want to keep a copy.',
  deletePasswordLabel: 'Your password',
  deleteAccount: 'Delete my account',
  deleting: 'Deleting…',
  confirmDelete: 'Delete your OneETA account and its data? This cannot be undone.',
  accountDeleted: MESSAGES.accountDeleted,
} as const;
