/**
 * Texts of the arrival panel ('Arrival preview for all participants', doc 2 §2, §5, §8).
 * `PANEL_SPEC` is copied exactly from the specification; `PANEL_UI` holds our own labels where the
 * spec gives none. Placeholders are filled with `format` from @oneeta/contracts.
 */
import { PARTICIPANT_CALL_ERRORS } from '../../api/participants';
import { CANCEL_INVITE_FAILED } from '../../api/invites';

export const PANEL_SPEC = {
  title: 'Arrival preview for all participants',
  you: 'You',
  // Status lines (doc 2 §2 "Non-route texts in rows")
  invitePending: 'Invite pending',
  routeAvailable: 'Route available',
  yourDevice: 'Your device',
  noLocation: 'No location',
  // Buttons (doc 2 §2)
  centerOnMap: 'Center on map',
  details: 'Details',
  cancelInvite: 'Cancel invite',
  leaveIn: 'Leave in',
  leaveSession: 'Leave session',
  findOnMap: 'Find on map',
  copyLink: 'Copy link',
  close: 'Close',
  markEnroute: 'Mark enroute',
  enroute: 'Enroute',
  // 'Confirm remove' dialog (doc 2 §2)
  confirmRemove: 'Confirm remove',
  confirmRemoveText: 'Are you sure you want to remove {name}? This cannot be undone.',
  cancel: 'Cancel',
  remove: 'Remove',
  // Participant fallback label (doc 2 §4)
  participant: 'Participant',
} as const;

/** Arrival panel toasts (doc 2 §8), copied exactly. */
export const PANEL_TOASTS = {
  // Errors (the server's error text is shown instead when a non-OK answer carries one)
  noInviteCode: 'No invite code available',
  copyInviteCodeFailed: 'Could not copy invite code',
  routeOptionsFailed: PARTICIPANT_CALL_ERRORS.routeOptionsFailed,
  enrouteFailed: PARTICIPANT_CALL_ERRORS.enrouteFailed,
  removeFailed: PARTICIPANT_CALL_ERRORS.removeFailed,
  cancelInviteFailed: CANCEL_INVITE_FAILED,
  leaveFailed: PARTICIPANT_CALL_ERRORS.leaveFailed,
  centerFailed: 'Could not center map',
  copyLinkFailed: 'Could not copy link',
  noLocation: 'No location available for this participant',
  // Successes
  inviteCodeCopied: 'Invite code copied',
  routeOptionsSaved: 'Route options saved',
  markedEnroute: 'Marked enroute',
  clearedEnroute: 'Cleared enroute',
  participantRemoved: 'Participant removed',
  inviteCancelled: 'Invite cancelled',
  leftSession: 'You left the session',
  linkCopied: 'Link copied',
  mapCentered: 'Map centered',
  followingParticipant: 'Following participant on map. Pan or zoom to stop following.',
  followingPosition: 'Following position on map. Pan or zoom to stop following.',
} as const;

/** Our own wording where the spec gives none. */
export const PANEL_UI = {
  viewMode: 'View',
  compact: 'Compact list',
  expanded: 'Cards',
  invitedByLabel: 'Invited by',
  calculating: 'Calculating route…',
  arrive: 'Arrive',
  leave: 'Leave',
  leaveNow: 'Leave now',
  noTime: '—',
  travelTime: 'Travel time',
  distance: 'Distance',
  departTime: 'Depart time',
  earliestNow: 'Earliest if leaving now',
  lastUpdate: 'Last update',
  email: 'Email',
  inviteCode: 'Invite code',
  copyInviteCode: 'Copy invite code',
  routeOptions: 'Route options',
  travelMode: 'Travel mode',
  routeType: 'Route type',
  avoidTolls: 'Avoid tolls',
  saveRouteOptions: 'Save route options',
  saving: 'Saving…',
  travelModes: { car: 'Car', bicycle: 'Bicycle', walking: 'Walking' },
  routeTypes: { fastest: 'Fastest', shortest: 'Shortest' },
  confirmLeave: 'Leave this session? Your location will no longer be shared with the group.',
  empty: 'No participants yet.',
  // Live lateness and the passed meeting time (issue 12 items 3, 4, 9)
  eta: 'ETA {time}',
  minutesLate: '{m} late',
  atDestination: 'At the destination',
  /** Detected at the destination by the server (issue 15). */
  arrivedAt: 'Arrived {time}',
  onTheWay: 'On the way',
  meetingPassed: 'Meeting time passed',
  target: 'Target',
  groupEarliest: 'Group earliest',
  joined: '{n} joined',
  invited: '{n} invited',
  startingAddress: 'Starting address',
  /** Directions to the destination in the platform's maps app (a new tab). */
  openInMaps: 'Open in Maps',
} as const;
