/**
 * Invite page texts. `INVITE_SPEC` is copied exactly from shared/spec (doc 1 §2, §5, §8); the
 * server-side wording ('Invalid invite', 'Too many attempts. Try again in {n}s', 'Session id and
 * invite code are required') comes from @oneeta/contracts. `INVITE_UI` holds our own labels where
 * the spec gives none.
 */
import { INVITE_REGISTRATION_FAILED } from '../../api/auth';
import { ACCEPT_FAILED, DECLINE_FAILED } from '../../api/invites';

export const INVITE_SPEC = {
  // doc 1 §8 "Invite page"
  couldNotValidateInvite: 'Could not validate invite',
  locationRequiredToJoin: 'Location is required to join…',
  couldNotAcceptInvite: 'Could not accept invite',
  acceptFailed: ACCEPT_FAILED,
  couldNotDeclineInvite: 'Could not decline invite',
  declineFailed: DECLINE_FAILED,
  addressSearchFailed: 'Address search failed',
  selectedPlaceMissingCoordinates: 'Selected place missing coordinates',
  registrationFailed: INVITE_REGISTRATION_FAILED,
  // doc 1 §5 "Register": the invite-page register hint
  passwordHint: '8+ characters',
  // doc 1 §2 (the quick session page's location overlay)
  findingLocation: 'Finding your location…',
  signIn: 'Sign in',
  register: 'Register',
  goHome: 'Go home',
} as const;

export const INVITE_UI = {
  title: 'You are invited',
  validating: 'Validating invite…',
  sessionLabel: 'Session',
  invitedYou: '{name} invited you',
  someone: 'Someone',
  invitedAs: 'Invite for {email}',
  destination: 'Destination',
  arrival: 'Arrive by',
  noDestination: 'No destination yet',
  noArrival: 'Not set yet',
  signedInAs: 'Signed in as {name}',
  notYou: 'Not you?',
  signOut: 'Sign out',
  accept: 'Accept',
  decline: 'Decline',
  accepting: 'Joining…',
  declining: 'Declining…',
  acceptHint: 'Accepting shares your location with this session while you are connected.',
  enterAddress: 'Enter address manually',
  manualTitle: 'Where are you starting from?',
  manualLead: 'Search for your address and confirm it to join with that position.',
  addressLabel: 'Your address',
  useMyLocation: 'Use my location instead',
  signedOutLead: 'Sign in or create an account to accept this invite.',
  registerTitle: 'New here? Register and accept',
  email: 'Email',
  password: 'Password',
  nameOptional: 'Name (optional)',
  registerAndAccept: 'Register and accept',
  registering: 'Creating your account…',
  declined: 'Invite declined',
  joined: 'You joined the session',
  alreadyAnswered: 'This invite has already been answered.',
  closedSession: 'This session is closed.',
  openSession: 'Open session',
  tryAgain: 'Try again',
  backToSessions: 'Back to sessions',
  waitingAttempt: 'Please wait…',
  // After 'Decline': the page says it worked and where to go next (it stays on the invite page).
  declinedBody: "You won't join this session. If your plans change, ask {name} for a new invite.",
  declinedBodyNoName: "You won't join this session. If your plans change, ask for a new invite.",
  yourSessions: 'Your sessions',
  // With the joined-open-sessions limit ('joined_limit'): which open session holds the place.
  joinedLimitOne:
    'Your place is held by {title}, the open session you joined. Leave it to join this one, or upgrade to join more sessions at once.',
  joinedLimitMany:
    'You are in {n} open sessions you joined, the most your plan allows. Leave one to join this one, or upgrade to join more sessions at once.',
  joinedLimitUnknown:
    'Leave an open session you joined to join this one, or upgrade to join more sessions at once.',
  openHolder: 'Open {title}',
  seePlans: 'See plans',
} as const;
