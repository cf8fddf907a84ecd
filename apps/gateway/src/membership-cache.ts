import type { AuthUser } from '@oneeta/service-kit';
import type { MembershipCheck } from './ws-checks.js';

interface Entry {
  member: boolean;
  at: number;
}

/**
 * Membership answers per (user, session), kept `ttlMs`: a burst of nudges re-checks each
 * subscriber at most once per `ttlMs`, and concurrent checks of the same pair share one call.
 * A failed check counts as "still a member" for `ttlMs` (a nudge carries no data; the API calls
 * it prompts check access themselves), so an outage of the session service is not hammered.
 */
export class MembershipCache {
  private readonly answers = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly membership: MembershipCheck,
    private readonly ttlMs: number,
    private readonly onError: (err: unknown, sessionId: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer while fresh, else undefined. */
  fresh(userId: string, sessionId: string): boolean | undefined {
    const entry = this.answers.get(key(userId, sessionId));
    return entry && this.now() - entry.at < this.ttlMs ? entry.member : undefined;
  }

  /** Records an answer obtained elsewhere (the subscribe check). */
  remember(userId: string, sessionId: string, member: boolean): void {
    this.answers.set(key(userId, sessionId), { member, at: this.now() });
  }

  /** The fresh answer, or one call to the membership check (shared by concurrent callers). */
  check(user: AuthUser, sessionId: string): Promise<boolean> {
    const known = this.fresh(user.id, sessionId);
    if (known !== undefined) return Promise.resolve(known);
    const k = key(user.id, sessionId);
    let pending = this.inFlight.get(k);
    if (!pending) {
      pending = this.membership(user, sessionId)
        .catch((err: unknown) => {
          this.onError(err, sessionId);
          return true;
        })
        .then((member) => {
          this.remember(user.id, sessionId, member);
          return member;
        })
        .finally(() => this.inFlight.delete(k));
      this.inFlight.set(k, pending);
    }
    return pending;
  }

  /** Drops answers past their time (called from the hub's heartbeat). */
  prune(): void {
    const at = this.now();
    for (const [k, entry] of this.answers) if (at - entry.at >= this.ttlMs) this.answers.delete(k);
  }
}

const key = (userId: string, sessionId: string) => `${userId}\u0000${sessionId}`;
