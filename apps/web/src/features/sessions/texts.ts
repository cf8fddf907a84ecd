/** Texts of /sessions that src/text.ts does not carry (ours: the spec has no list of one's invites). */
export const SESSIONS_UI = {
  myInvitesTitle: 'Your invites',
  openInvite: 'Open invite',
  invitedBy: 'From {name}',
  inviteLoadFailed: 'Could not load your invites',
  verifyToSeeInvites: 'Invites sent to your e-mail show here once you verify it.',
  verifyLink: 'Verify your e-mail',
  /** The free plan's reasons, instead of one line for all (issue 12). */
  joinedLimitReason:
    'You have joined {n} open session, the most your plan allows at once, so you cannot create one. Leave it, or upgrade to create your own.',
  joinedLimitReasonMany:
    'You have joined {n} open sessions, the most your plan allows at once, so you cannot create one. Leave one, or upgrade to create your own.',
  ownLimitReason:
    'You already have {n} open session, the most your plan allows. Close it, or upgrade to create more.',
  ownLimitReasonMany:
    'You already have {n} open sessions, the most your plan allows. Close one, or upgrade to create more.',
  oneSessionFeature: '1 active session at a time: your own, or one you joined',
  sessionsFeature: '{own} active sessions of your own, {joined} joined',
  unlimitedSessionsFeature: 'Unlimited active sessions',
  /** Above 'Your invites' when accepting one would hit the joined-open-sessions limit. */
  acceptBlocked:
    'You are in {n} open session you joined, the most your plan allows at once. To accept an invite, leave it first, or upgrade.',
  acceptBlockedMany:
    'You are in {n} open sessions you joined, the most your plan allows at once. To accept an invite, leave one first, or upgrade.',
  seePlans: 'See plans',
} as const;
