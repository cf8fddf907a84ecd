import { describe, expect, it } from 'vitest';
import { acceptBlockReason, createBlockReason, freeSessionsFeature } from './limit-reason';

const free = (usage: { ownedOpen: number; joinedOpen: number }, canCreateSessions = false) => ({
  limits: {
    canCreateSessions,
    maxJoinedOpenSessions: 1,
    maxOwnOpenSessions: 1,
    maxParticipants: 3,
    maxInvitesPerSession: 3,
    canEditSavedSession: false,
    maxSuggestionCandidates: 3,
  },
  usage: { openTotal: usage.ownedOpen + usage.joinedOpen, ...usage },
});

describe('createBlockReason', () => {
  it('is null while a session can be created', () => {
    expect(createBlockReason(free({ ownedOpen: 0, joinedOpen: 0 }, true))).toBeNull();
  });

  it('names the joined-session limit for a free user who only joined a session', () => {
    const reason = createBlockReason(free({ ownedOpen: 0, joinedOpen: 1 }));
    expect(reason?.kind).toBe('joined');
    expect(reason?.text).toBe(
      'You have joined 1 open session, the most your plan allows at once, so you cannot create one. Leave it, or upgrade to create your own.',
    );
    expect(reason?.text).not.toContain('Free plan cannot create sessions');
  });

  it('names the own-session limit when the user already owns their allowance', () => {
    const reason = createBlockReason(free({ ownedOpen: 1, joinedOpen: 0 }));
    expect(reason).toEqual({
      kind: 'own',
      text: 'You already have 1 open session, the most your plan allows. Close it, or upgrade to create more.',
    });
    expect(
      createBlockReason({
        ...free({ ownedOpen: 2, joinedOpen: 0 }),
        limits: { ...free({ ownedOpen: 2, joinedOpen: 0 }).limits, maxOwnOpenSessions: 2 },
      })?.text,
    ).toContain('You already have 2 open sessions');
  });

  it("falls back to the spec's line when the numbers do not explain the refusal", () => {
    expect(createBlockReason(free({ ownedOpen: 0, joinedOpen: 0 }))?.text).toBe(
      'Free plan cannot create sessions. Upgrade to create.',
    );
  });
});

describe('freeSessionsFeature', () => {
  it('says the one active session may be owned or joined', () => {
    expect(freeSessionsFeature(1, 1)).toBe(
      '1 active session at a time: your own, or one you joined',
    );
    expect(freeSessionsFeature(2, 5)).toBe('2 active sessions of your own, 5 joined');
    expect(freeSessionsFeature(null, null)).toBe('Unlimited active sessions');
  });
});

describe('acceptBlockReason', () => {
  it('says why an invite cannot be accepted once the joined sessions are used up', () => {
    expect(acceptBlockReason(free({ ownedOpen: 0, joinedOpen: 1 }))).toBe(
      'You are in 1 open session you joined, the most your plan allows at once. To accept an invite, leave it first, or upgrade.',
    );
  });

  it('is null with room, without a limit, or while the limits are unknown', () => {
    expect(acceptBlockReason(free({ ownedOpen: 1, joinedOpen: 0 }))).toBeNull();
    const premium = free({ ownedOpen: 0, joinedOpen: 9 });
    expect(
      acceptBlockReason({ ...premium, limits: { ...premium.limits, maxJoinedOpenSessions: null } }),
    ).toBeNull();
    expect(acceptBlockReason(undefined)).toBeNull();
  });
});
