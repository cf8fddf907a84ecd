/**
 * Texts of the quick session page that contracts (MESSAGES, SESSION_MESSAGES, MAPS_MESSAGES) and
 * src/text.ts do not carry. `SESSION_SPEC` is copied exactly from shared/spec (doc 1 §2, §8; doc 2
 * §8); `SESSION_UI` is ours, where the spec names a thing but gives no wording.
 */
import { CANCEL_INVITE_FAILED, INVITE_FAILED } from '../../api/invites';
import { CLOSE_SESSION_FAILED } from '../../api/sessions';

export const SESSION_SPEC = {
  // doc 1 §2 "Quick session page"
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  saveChanges: 'Save changes',
  useEarliestTime: 'Use earliest time',
  showMap: 'Show map',
  continueReadOnly: 'Continue (read-only)',
  findingLocation: 'Finding your location…',
  locationRequired: 'Location required',
  unableToGetLocation: 'Unable to get location',
  tryAgain: 'Try again',
  checkSettings: 'Check settings',

  // doc 1 §8 "Session page" and "Clipboard"
  couldNotSendInvite: 'Could not send invite',
  inviteFailed: INVITE_FAILED,
  couldNotCancelInvite: CANCEL_INVITE_FAILED,
  couldNotCloseSession: CLOSE_SESSION_FAILED,
  failedToLoadTravel: 'Failed to load travel',
  couldNotCopy: 'Could not copy',

  // doc 2 §8 (invite codes, shared with the arrival panel)
  inviteCodeCopied: 'Invite code copied',
  inviteCancelled: 'Invite cancelled',
} as const;

export const SESSION_UI = {
  destination: 'Destination',
  arrivalTime: 'Arrival time',
  timezone: 'Timezone',
  participants: 'Participants',
  status: 'Status',
  sessionId: 'Session id',
  copySessionLink: 'Copy session link',
  notSet: 'Not set',
  liveConnected: 'Live updates connected',
  liveDisconnected: 'Live updates not connected — refreshing every 15 s',
  liveOff: 'Live updates off',

  detailsTitle: 'Details',
  date: 'Date',
  time: 'Time',
  timezoneLoading: 'Looking up the time zone…',
  timezoneHint: 'Date and time are in the destination’s time zone.',
  pickDestination: 'Search for a place and confirm it.',
  pickOnMap: 'Search for a place on the map and confirm it.',
  changeDestination: 'Search for a different place',
  saving: 'Saving…',
  saved: 'Session saved',
  saveFailed: 'Could not save this session',
  unsavedChanges: 'You have unsaved changes.',
  readOnlyDetails: 'Only the session owner can change these details.',
  guestDetails: 'Sign in to set the destination and time.',

  previewTitle: 'Travel preview',
  previewStale: 'Preview of unsaved changes: participants’ travel times update after you save.',
  panelStale: 'These travel times are for the saved details. Save changes to update them.',
  earliestArrival: 'Earliest arrival',
  /**
   * The preview's 'Earliest arrival' (the spec's term) is the group's, beside the viewer's own
   * travel time: said so, with when it holds (everyone leaving now).
   */
  groupEarliestIfNow: 'Group’s earliest arrival if everyone leaves now',
  yourTravelTime: 'Your travel time',
  noPreview: 'Confirm a destination and share your location to preview travel times.',
  previewLoading: 'Calculating travel times…',

  signInCalloutTitle: 'Sign in to take part',
  signInCalloutBody:
    'You are viewing this session read-only. Sign in to save, invite and share your ETA.',
  dismiss: 'Dismiss',
  // The one-time offer after joining or creating a session (issue 14).
  pushOfferTitle: 'Get notified about this session',
  pushOfferBody: 'Turn on notifications to hear on this device when the session changes.',
  pushOfferEnable: 'Turn on notifications',
  pushOfferNotNow: 'Not now',
  guestOverlayBody:
    'Guests can explore the map and preview travel times. Create an account or sign in to save a session and invite your group.',

  locationHelp:
    'Open your browser’s site settings (the icon beside the address), allow Location for this site, then press Try again.',
  locationCached: 'Using your last known location',
  locationTracking: 'Sharing your location while this page is open',

  invitesTitle: 'Invites',
  inviteName: 'Name (optional)',
  inviteEmail: 'Email',
  sendInvite: 'Send invite',
  sending: 'Sending…',
  inviteSent: 'Invite sent',
  noInvites: 'No pending invites.',
  invitesUsed: '{used} of {max} invites used',
  inviteCode: 'Invite code',
  copyInviteCode: 'Copy invite code',
  inviteLink: 'Invite link',
  cancelInvite: 'Cancel invite',
  pending: 'Pending',
  inviteeTitle: 'You are invited.',
  inviteeBody: 'Accept the invite to share your ETA with the group.',
  inviteeBodyFrom: '{name} invited you. Accept to share your ETA with the group.',
  openInvite: 'Open your invite',
  inviteBeforeSave: 'Add the people to invite; their invites are sent when you save the session.',
  invitedOnSave: 'Invited when you save the session:',
  unsentInvitees: 'Not invited yet (the invite could not be sent):',
  notSentYet: 'Not sent yet',
  addInvitee: 'Add invitee',
  removeInvitee: 'Remove',
  sendNow: 'Send now',
  alreadyListed: 'This e-mail is already on the list',

  // How an invite reaches someone depends on the install (GET /api/notifications/channels): with a
  // mail server OneETA e-mails the link; without one (or while unknown) the link is shared by hand.
  inviteCreated: 'Invite created — send them the link',
  /** When an invite was not e-mailed and the server did not say why. */
  inviteNotEmailed:
    'Invite created, but its e-mail was not sent: copy the invite link and send it yourself.',
  invitesCreated: 'Invites created — send each person their link',
  inviteEmailed: 'Invite sent — OneETA e-mailed them the link',
  invitesEmailed: 'Invites sent — OneETA e-mailed each person their link',
  invitesByEmail:
    'OneETA e-mails each invitee their invite link. You can also copy it and send it yourself.',
  noMailServer:
    'This OneETA has no mail server, so invites are not e-mailed: copy each invite link and send it yourself.',
  shareInviteLinks: 'Copy each invite link and send it yourself.',
  inviteBeforeSaveLinks:
    'Add the people to invite. Their invites are created when you save the session; then copy each invite link and send it.',
  inviteBeforeSaveEmail:
    'Add the people to invite. OneETA e-mails their invites when you save the session.',
  copyInviteLink: 'Copy invite link',
  shareInviteLink: 'Share invite link',
  inviteLinkCopied: 'Invite link copied',
  couldNotShare: 'Could not share',
  notCreatedInvitees: 'Not invited yet (the invite could not be created):',
  removedTitle: 'You were removed from this session',
  removedBody:
    'The owner removed you, so you no longer see this session. Ask them for a new invite to come back.',
  leftTitle: 'You left this session',
  leftBody:
    'You no longer share your location or ETA with this group. Ask the owner for a new invite to come back.',
  notFoundBody:
    'There is no session at this address. Session ids are 7 characters: lowercase letters and digits 2–9.',
  inviteCancelledTitle: 'Your invite was cancelled',
  inviteCancelledBody:
    'The owner cancelled your invite to this session. Ask them for a new one to join.',

  ownerToolsTitle: 'Owner tools',
  auditTab: 'Audit',
  usageTab: 'Matrix usage',
  auditTotals: '{count} calls · {azure} provider requests',
  auditEmpty: 'No audit entries for this session yet.',
  auditLoadFailed: 'Could not load audit logs',
  usageEmpty: 'No matrix usage recorded for this session yet.',
  usageLoadFailed: 'Could not load matrix usage',
  usageChartLabel: 'Route-matrix calls per UTC hour',
  loadMore: 'Load more',
  retry: 'Retry',
  loading: 'Loading…',
  colTime: 'Time',
  colEvent: 'Event',
  colRequest: 'Request',
  colResult: 'Result',
  colRequests: 'Provider requests',
  colStrategy: 'Strategy',
  colDuration: 'Duration',

  closeSession: 'Close session',
  closeConfirmTitle: 'Close this session?',
  closeConfirmBody:
    'Everyone stops sharing their location and the session can no longer be edited. Only a site administrator can reopen it.',
  cancel: 'Cancel',
  closing: 'Closing…',
  sessionClosedToast: 'Session closed',

  hideMap: 'Hide map',
  closedTitle: 'This session is closed',
} as const;
