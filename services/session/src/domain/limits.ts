import { planLimits, type Plan } from '@oneeta/contracts';

export interface Usage {
  /** Open sessions the user owns. */
  ownedOpen: number;
  /** Open sessions of others the user is an active participant of. */
  joinedOpen: number;
}

/**
 * doc 1 §6: a user cannot create a session when no sessions remain or when the joined-open-sessions
 * limit is reached. Plans with unlimited own sessions are never blocked by joins (a Standard user
 * in 5 joined sessions still creates their own); the free plan's "1 active session" counts both.
 */
export function canCreateSession(plan: Plan, usage: Usage): boolean {
  const limits = planLimits(plan);
  if (limits.ownOpenSessions === null) return true;
  const joinedOk =
    limits.joinedOpenSessions === null || usage.joinedOpen < limits.joinedOpenSessions;
  return usage.ownedOpen < limits.ownOpenSessions && joinedOk;
}

/** May the user join one more open session of someone else? */
export function canJoinAnother(plan: Plan, usage: Usage): boolean {
  const max = planLimits(plan).joinedOpenSessions;
  return max === null || usage.joinedOpen < max;
}

/** Invites per session (accepted + pending), by the owner's plan. */
export const inviteRoom = (ownerPlan: Plan, acceptedPlusPending: number) =>
  acceptedPlusPending < planLimits(ownerPlan).invitesPerSession;

/** Participants besides the owner, by the owner's plan. */
export const participantRoom = (ownerPlan: Plan, othersActive: number) =>
  othersActive < planLimits(ownerPlan).participants;
