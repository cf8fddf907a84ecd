/**
 * User-facing texts copied exactly from the specification (shared/spec). Services answer with
 * these in `{ error }`; the web app shows them. Never paraphrase: tests compare them verbatim.
 */
export const MESSAGES = {
  // Accounts (doc 1 §5, §8)
  notAuthenticated: 'Not authenticated',
  invalidCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  passwordRequired: 'Password is required',
  passwordMinLength: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordLowercase: 'Password must contain a lowercase letter',
  passwordNumber: 'Password must contain a number',
  passwordSymbol: 'Password must contain a symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  nameEmpty: 'Name cannot be empty',
  phoneInvalid: 'Please enter a valid phone number (include country code)',
  phoneConsentRequired: 'Please confirm you agree to receive a verification code by SMS',
  phoneCodeRequired: 'Enter the verification code',
  phoneCodeInvalid: 'Invalid or expired verification code',
  phoneNotStarted: 'Start phone verification first',
  planPaidViaBilling: 'Paid plans are set through checkout. Use Upgrade on the plans page.',
  tooManyLoginAttempts: 'Too many login attempts. Try again in {n}s',
  // E-mail verification and e-mail changes (ours: the spec leaves them unworded)
  currentPasswordRequired: 'Enter your current password to change your e-mail',
  currentPasswordWrong: 'Your current password is not correct',
  // Passwords, sign-out and the account's end (ours: the spec leaves them unworded)
  currentPasswordMissing: 'Enter your current password',
  passwordChanged: 'Password changed. You are signed out everywhere else.',
  passwordResetSent:
    'If an account uses that e-mail, we sent it a link to choose a new password. It works once, for 30 minutes.',
  passwordResetInvalid:
    'This link to choose a new password is invalid or has expired. Ask for a new one.',
  passwordResetTokenRequired: 'The link is missing its token',
  signedOutEverywhere: 'Signed out everywhere.',
  accountDeleted: 'Your account and its data were deleted.',
  verifyLinkInvalid:
    'This verification link is invalid or has expired. Send a new one from your profile.',
  verifyLinkStale: 'This link was sent to an e-mail address that is no longer on the account.',
  verifyTokenRequired: 'The verification link is missing its token',
  emailAlreadyVerified: 'Your e-mail is already verified',
  verifyEmailFailed: 'Verification failed',
  resendVerificationFailed: 'Could not send a new link',
  registerFailed: 'Register failed',
  loginFailed: 'Login failed',
  updateFailed: 'Update failed',
  startVerificationFailed: 'Failed to start verification',
  verifyCodeFailed: 'Failed to verify code',
  removePhoneFailed: 'Failed to remove phone',
  fetchSessionsFailed: 'Failed to fetch sessions',
  fetchLimitsFailed: 'Failed to fetch limits',
  authFailed: 'Auth failed',
  signInFirst: 'You need to sign in first.',
  adminOnly: 'Access denied',
  forbidden: 'Action not permitted.',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Try again in {n}s',
  internalError: 'Something went wrong',

  // Quick session (doc 1 §5, §8)
  freePlanCannotCreate: 'Free plan cannot create sessions. Upgrade to create.',
  selectedTimeTooEarly: 'Selected time is too early',
  signInToSave: 'Please sign in to save this session.',
  freeInviteLimit: 'Free accounts may invite up to 3 participants. Remove some invites to save.',
  provideEmail: 'Provide an email',
  inviteLimitReached: 'Invite limit reached',
  sessionIdAndCodeRequired: 'Session id and invite code are required',
  tooManyAttempts: 'Too many attempts. Try again in {n}s',
  sessionExpired: 'Your session expired. Please sign in again.',
  sessionLimitReached:
    'You have reached your session limit for your plan. Upgrade to a higher plan to create more sessions.',
  noRemainingSessions:
    'You have no remaining sessions. Visit your account to manage or upgrade your plan.',
  closeSignInAgain: 'Please sign in again',
  closeOnlyAuthor: 'Only the author can close this session',
  auditForbidden: 'You are not authorized to view logs for this session',
  auditSignIn: 'Sign in to view audit logs',
  searchQueryRequired: 'Search query is required',

  // Live updates
  wsBadMessage: 'Expected {"action":"subscribe","sessionId":"…","token":"Bearer …"}',
  wsNotMember: 'You are not a member of this session',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills `{n}`-style placeholders: `format(MESSAGES.tooManyAttempts, { n: 30 })`. */
export function format(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** Session service texts that the spec leaves unworded. */
export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  accessDenied: 'You do not have access to this session',
  closed: 'This session is closed',
  idTaken: 'This session id is already taken',
  freePlanNoEdits: 'Free plan cannot edit a saved session. Upgrade to edit.',
  onlyOwner: 'Only the session owner can do this',
  onlySelf: 'Only the participant themself can change this',
  ownerCannotLeave: 'The owner cannot leave the session',
  ownerCannotBeRemoved: 'The owner cannot be removed',
  participantNotFound: 'Participant not found',
  pendingCannotBeRemoved: 'Cancel the invite instead of removing a pending participant',
  inviteNotFound: 'Invite not found',
  invalidInvite: 'Invalid invite',
  inviteAlreadyUsed: 'This invite has already been used',
  locationRequired: 'Location is required to join',
  participantLimit: 'This session has reached its participant limit',
  joinedLimit: 'You have reached the number of open sessions you can join on your plan',
  destinationRequired: 'Confirm a destination from the search results',
  dateTimeRequired: 'Choose an arrival date and time',
  notAMember: 'You are not a participant of this session',
  inviteEmailUnverified:
    'Invite created. Verify your e-mail address to send invite e-mails; share the invite link meanwhile.',
  inviteEmailSenderLimit:
    'Invite created. You have sent as many invite e-mails as allowed today; share the invite link instead.',
  inviteEmailRecipientLimit:
    'Invite created. This address has received as many invite e-mails as allowed today; share the invite link instead.',
} as const;

/**
 * Texts of the maps API and map component. 'Search failed', 'Token fetch failed' and "Couldn't calculate
 * route." are the spec's own (doc 1 §8); the others are ours, as the spec leaves them unworded.
 */
export const MAPS_MESSAGES = {
  searchFailed: 'Search failed',
  reverseFailed: 'Address lookup failed',
  tokenFailed: 'Token fetch failed',
  noRoute: "Couldn't calculate route.",
  travelFailed: 'Travel time lookup failed',
  timezoneFailed: 'Time zone lookup failed',
  noTimezone: 'No time zone is known for this position',
} as const;

/** Texts of "Where should we meet?" suggestions (ours: the spec leaves them unworded). */
export const SUGGESTION_MESSAGES = {
  candidatesOrCategory: 'Choose places to compare or a kind of place, not both',
  candidateLimitFree: 'Free plan can compare up to {n} places. Upgrade to compare more.',
  candidateLimit: 'Your plan can compare up to {n} places at a time',
  noPositions: 'Nobody in this session has shared a location yet',
  notFound: 'Suggestion not found',
  expired: 'This suggestion has expired. Suggest places again.',
  voteIndex: 'Choose one of the suggested places',
  onlyParticipantsVote: 'Only participants can vote',
} as const;
