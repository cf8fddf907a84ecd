/**
 * Texts the web app shows that `@oneeta/contracts` (MESSAGES, SESSION_MESSAGES) does not carry.
 * `SPEC` holds wording copied exactly from shared/spec; `UI` holds our own labels and sentences
 * where the spec gives none. Error texts shared with the services live in contracts, not here.
 */
export const SPEC = {
  // Landing (doc 1 §2)
  getStartedFree: 'Get Started Free',
  signIn: 'Sign In',
  sessions: 'Sessions',
  profile: 'Profile',
  plans: 'Plans',
  signOut: 'Sign out',
  learnAboutPaidPlans: 'Learn about paid plans',
  contactUs: 'contact us',
  heroPhrases: ['5 people', 'Different places', 'One ETA'],
  checking: 'checking…',
  unexpectedHealthResponse: 'Unexpected health response',
  healthError: 'error: {message}',

  // Navigation (doc 1 §2)
  home: 'Home',
  you: 'You',
  signInNav: 'Sign in',

  // Sessions page (doc 1 §2, doc 2 §2)
  yourSessions: 'Your sessions',
  needSignInSessions: 'You need to sign in to view your sessions.',
  goHome: 'Go home',
  availableSessions: 'Available Sessions',
  joinSessionInvite: 'Join Session Invite',
  history: 'History',
  loadMore: 'Load more',

  // Quick session page (doc 1 §2)
  accessDenied: 'Access denied',
  checkingLimits: 'Checking your account limits…',
  statusClosed: 'Closed',
  statusOpen: 'Open',
  statusReadOnly: 'Read-only',
  backToSessions: 'Back to sessions',
  signUpToCreate: 'Sign up to create a session',
  register: 'Register',
  quickLinkCopied: 'Quick session link copied',
  couldNotCopyLink: 'Could not copy link',

  // Invite page (doc 1 §8)
  couldNotValidateInvite: 'Could not validate invite',

  // Plans (doc 2 §2)
  planCurrent: 'Current plan',
  planUpgrade: 'Upgrade',
  planDowngrade: 'Downgrade',
  planContact: 'Contact',

  // Plans, billing and enterprise errors (doc 2 §8)
  checkoutFailed: 'Failed to create checkout session',
  missingSessionUrl: 'Missing session url',
  planUpdateFailed: 'Plan update failed',
  portalFailed: 'Failed to create billing portal session',
  missingPortalUrl: 'Missing portal url',
  submissionFailed: 'Submission failed',

  // Admin (doc 2 §2, §8)
  noPermission: 'You do not have permission to view this page.',
  adminSections: ['Azure Usage', 'Notifications', 'Sessions', 'Billing'],
  noData: 'No data',
} as const;

export const UI = {
  brand: 'OneETA',
  tagline: 'Arrive together, from anywhere.',
  heroLead:
    'OneETA estimates everyone’s travel time to one destination, finds the earliest time the whole group can meet, and tells each person when to leave.',
  skipToContent: 'Skip to content',
  menu: 'Menu',
  primaryNav: 'Primary',
  dismiss: 'Dismiss',
  notifications: 'Notifications',

  // Landing
  freePlanTitle: 'Free plan',
  freePlanLead: 'Everything you need to meet up once in a while.',
  freeFeatureSessions: '{n} active session',
  freeFeatureInvites: 'Up to {n} invites per session',
  freeFeatureChat: 'Chat {n} messages per hour',
  freeFeatureNotifications: 'In-app notifications only (no SMS)',
  freeFeatureNoChecks: 'No background checks',
  freeFeatureNoEdits: 'No session edits',
  privacyTitle: 'Your location stays yours',
  privacyBody:
    'Your location is shared only while you are connected to a session, and only after you allow it in your browser. Updates stop as soon as you leave the session or close the tab. We never sell your data.',
  commsTitle: 'Chat, voice and video',
  commsBody:
    'Every session has a group chat. One-to-one voice calls and small-group video rooms are coming soon.',
  commsContact: 'Need them for your team or event? Please {link}.',
  useCasesTitle: 'Made for getting together',
  useCases: [
    {
      title: 'Family meetups',
      body: 'Grandparents, cousins and kids leave from three towns and still sit down to lunch together.',
    },
    {
      title: 'Friends from different places',
      body: 'Dinner across the city: everyone knows when to head out so nobody waits alone.',
    },
    {
      title: 'Rides and pickups',
      body: 'Airport runs and school pickups timed so the driver and the passenger arrive as one.',
    },
    {
      title: 'Small events',
      body: 'Game nights, hikes and team offsites where the whole group starts on time.',
    },
    {
      title: 'Buy/sell meetups',
      body: 'Meet a buyer or seller halfway, with a shared ETA instead of “five more minutes”.',
    },
  ],
  locationRequired:
    'OneETA needs location services: allow location access in your browser when a session asks for it.',
  apiStatus: 'API',
  startQuickSession: 'Start a quick session',
  viewPlans: 'View plans',
  featuresLabel: 'Privacy and communication',
  legalNav: 'Legal',
  footerPrivacy: 'Privacy',
  footerTerms: 'Terms',

  // Auth
  signInTitle: 'Sign in',
  registerTitle: 'Create your account',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  nameOptional: 'Name (optional)',
  signInSubmit: 'Sign in',
  registerSubmit: 'Create account',
  working: 'Please wait…',
  noAccount: 'New to OneETA?',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account?',
  signInInstead: 'Sign in',
  passwordRules: 'Password requirements',
  forgotPassword: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  forgotLead:
    'Enter the e-mail of your account. We will send it a link to choose a new password; it works once, for 30 minutes.',
  forgotSubmit: 'Send link',
  forgotSentHint: 'Did not get it? Check your spam folder, or ask again in a few minutes.',
  backToSignIn: 'Back to sign in',
  resetTitle: 'Choose a new password',
  resetLead: 'Your new password signs you out on every other device.',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  resetSubmit: 'Save and sign in',
  resetInvalidTitle: 'This link does not work',
  askNewLink: 'Ask for a new link',
  ruleMet: 'met',
  ruleUnmet: 'not met',

  // Sessions page
  sessionsLead: 'Open sessions you own or joined, and the ones that are over.',
  noOpenSessions: 'No open sessions yet.',
  noClosedSessions: 'No closed sessions yet.',
  noDestination: 'No destination yet',
  /** Prefer participantCountLabel (lib/labels), which says '1 participant' / '2 participants'. */
  participantOne: '{n} participant',
  participantMany: '{n} participants',
  owner: 'Owner',
  participant: 'Participant',
  inviteLink: 'Invite link',
  inviteLinkHint: 'Paste a link like https://oneeta.example/session/abc2345/invite/CODE',
  orEnterCodes: 'or enter the session id and code',
  sessionId: 'Session id',
  inviteCode: 'Invite code',
  join: 'Join',
  loading: 'Loading…',

  // Quick session shell
  loadingSession: 'Loading session…',
  sessionLabel: 'Session',
  destination: 'Destination',
  arrival: 'Arrival',
  status: 'Status',
  participants: 'Participants',
  copyLink: 'Copy link',
  newSessionTitle: 'New session',
  newSessionBody:
    'This session has not been saved yet. Choose a destination and an arrival time to create it, then invite your group.',
  sessionLimitTitle: 'Session limit reached',
  pendingInvite: 'Invite pending',
  couldNotLoadSession: 'Could not load this session.',
  tryAgain: 'Try again',

  // Admin shell
  adminTitle: 'Admin',
  adminSignIn: 'Sign in with the administrator account to view this page.',

  // Not found
  notFoundTitle: 'Page not found',
  notFoundBody: 'The page you are looking for does not exist or has moved.',
} as const;
