import type { AuthUser } from '@oneeta/service-kit';
import type { MembershipCheck } from './ws-checks.js';

interface Entry {
  member: boolean;
  at: number;
}

/**
 * Membership answers per (user, session), kept `ttlMs`: a burst of nudges re-checks each
 * subscriber at most once per `ttlMs`, and concurrent checks of the same pair share one call.
 * `forgetSession` drops a session's answers at once (a change that may have changed who belongs).
 * A failed check counts as "still a member" for `ttlMs` (the subscriber was one at their last
 * check), so an outage of the session service is not hammered.
 */
export class MembershipCache {
  private readonly answers = new Map<string, Entry>();
  /** The keys of `answers` per session, for forgetSession. */
  private readonly bySession = new Map<string, Set<string>>();
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
    const k = key(userId, sessionId);
    this.answers.set(k, { member, at: this.now() });
    let keys = this.bySession.get(sessionId);
    if (!keys) this.bySession.set(sessionId, (keys = new Set()));
    keys.add(k);
  }

  /** Forgets every answer about the session: its subscribers are asked again at the next nudge. */
  forgetSession(sessionId: string): void {
    for (const k of this.bySession.get(sessionId) ?? []) this.answers.delete(k);
    this.bySession.delete(sessionId);
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
    for (const [sessionId, keys] of this.bySession) {
      for (const k of keys) if (!this.answers.has(k)) keys.delete(k);
      if (keys.size === 0) this.bySession.delete(sessionId);
    }
  }
}

const key = (userId: string, sessionId: string) => `${userId}\u0000${sessionId}`;
