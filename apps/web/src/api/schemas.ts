// The contract schemas the API layer parses with, in a chunk of their own: `apiRequest` loads it
// on the first call (in parallel with the request), so zod and the schemas (~30 KB compressed,
// and a good part of the start-up work on a slow phone) are not part of the entry's code.
import { z } from 'zod';

export {
  acceptInviteResponseSchema,
  auditPageSchema,
  auditSummarySchema,
  authResponseSchema,
  enterpriseLeadBodySchema,
  enterpriseLeadResponseSchema,
  healthResponseSchema,
  inboxReadBodySchema,
  inboxReadResponseSchema,
  inboxResponseSchema,
  inviteResponseSchema,
  inviteViewResponseSchema,
  locationResponseSchema,
  mapTokenResponseSchema,
  matrixUsageResponseSchema,
  meResponseSchema,
  muteBodySchema,
  muteResponseSchema,
  myInvitesResponseSchema,
  notificationChannelsResponseSchema,
  participantResponseSchema,
  participantsResponseSchema,
  phoneStateSchema,
  preferencesBodySchema,
  preferencesResponseSchema,
  pushListResponseSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  redirectResponseSchema,
  resendVerificationResponseSchema,
  searchResponseSchema,
  sessionLimitsResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  timezoneResponseSchema,
  travelTimesResponseSchema,
  vapidPublicKeyResponseSchema,
  verifyEmailResponseSchema,
} from '@oneeta/contracts';

/** Answers whose body the page does not read. */
export const anyAnswer = z.unknown();
