/** A token bucket: `burst` frames in hand, refilled at `perSecond`; `take` is false when empty. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Open sockets per client address, with a cap. */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more socket from `ip`; false (and not counted) when that would pass the cap. */
  tryAdd(ip: string): boolean {
    const count = this.open.get(ip) ?? 0;
    if (count >= this.max) return false;
    this.open.set(ip, count + 1);
    return true;
  }

  remove(ip: string): void {
    const count = (this.open.get(ip) ?? 0) - 1;
    if (count > 0) this.open.set(ip, count);
    else this.open.delete(ip);
  }

  count(ip: string): number {
    return this.open.get(ip) ?? 0;
  }
}

/** The `exp` (epoch seconds) of a JWT already verified, or null when it carries none. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

export interface WsLimits {
  /** Distinct sessions one socket may follow (default 20). */
  maxSubscriptionsPerSocket?: number;
  /** A subscriber's membership is re-checked on a nudge at most this often (default 60 s), and at once on a frame without changes. */
  membershipRecheckMs?: number;
  /** Every subscription's token is checked again this often (default 3 s): a revoked token or deleted account stops following. */
  tokenRecheckMs?: number;
  /** A socket with no subscription this long after connecting (or its last unsubscribe) is closed (default 30 s). */
  subscribeTimeoutMs?: number;
  /** Open sockets per client address (default 20). */
  maxConnectionsPerIp?: number;
  /** Frames a socket may send per second, with `messageBurst` in hand (defaults 10 and 40). */
  messagesPerSecond?: number;
  messageBurst?: number;
}
