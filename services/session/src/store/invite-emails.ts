import { INVITE_EMAIL_LIMITS, SESSION_MESSAGES } from '@oneeta/contracts';
import type { AuthUser, Redis } from '@oneeta/service-kit';

/** Whether an invite e-mail may go out, and if not, the notice the sender is shown. */
export type InviteEmailDecision = { send: true } | { send: false; notice: string };

/**
 * Both counters are checked and, only when both have room, both taken in one step: parallel
 * invites cannot pass a check made before any of them counted.
 */
const TAKE = `
local sender = tonumber(redis.call('GET', KEYS[1]) or '0')
if sender >= tonumber(ARGV[1]) then return 1 end
local recipient = tonumber(redis.call('GET', KEYS[2]) or '0')
if recipient >= tonumber(ARGV[2]) then return 2 end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 0
`;

/** The UTC day a count belongs to ('2026-11-29'). */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The Redis keys of one day's counts (tests read them). */
export const inviteEmailKeys = (
  redisPrefix: string,
  senderId: string,
  recipient: string,
  now = new Date(),
) => ({
  sender: `${redisPrefix}:invite-email:sender:${dayOf(now)}:${senderId}`,
  recipient: `${redisPrefix}:invite-email:to:${dayOf(now)}:${recipient.toLowerCase()}`,
});

/**
 * Invite e-mails (the invites themselves are not limited here): only an account whose e-mail is
 * verified sends them, at most INVITE_EMAIL_LIMITS per sender and per recipient per UTC day. A count,
 * once taken, stays taken: cancelling and inviting again uses another one.
 */
export function createInviteEmails(redis: Redis, redisPrefix: string) {
  return {
    async decide(
      sender: AuthUser,
      recipient: string,
      now = new Date(),
    ): Promise<InviteEmailDecision> {
      if (!sender.emailVerified)
        return { send: false, notice: SESSION_MESSAGES.inviteEmailUnverified };
      const keys = inviteEmailKeys(redisPrefix, sender.id, recipient, now);
      const { perSenderPerDay, perRecipientPerDay } = INVITE_EMAIL_LIMITS;
      const refused = Number(
        await redis.eval(
          TAKE,
          2,
          keys.sender,
          keys.recipient,
          perSenderPerDay,
          perRecipientPerDay,
          2 * 86_400,
        ),
      );
      if (refused === 1) return { send: false, notice: SESSION_MESSAGES.inviteEmailSenderLimit };
      if (refused === 2) return { send: false, notice: SESSION_MESSAGES.inviteEmailRecipientLimit };
      return { send: true };
    },
  };
}
