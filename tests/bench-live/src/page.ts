// A simulated session page: one /ws subscription per participant, handled with the web app's own
// live logic (frameOf, eventOf, applySessionFrame); GET /api/sessions/:id only when the page would.
import type { Participant, Session } from '@oneeta/contracts';
import { estimateTravel } from '@oneeta/maps';
import WebSocket from 'ws';
import {
  applySessionFrame,
  eventOf,
  frameOf,
  subscribeFrame,
} from '../../../apps/web/src/features/session/live/live-logic';
import type { LatLon } from './seed.js';
import { call } from './seed.js';

/** What every page and driver of a run adds to (the bench's own figures). */
export class Tracker {
  measuring = false;
  frames = 0;
  refetches = 0;
  /** Client-side 5xx (PUTs and refetches), and requests that failed outright. */
  client5xx = 0;
  clientErrors = 0;
  /** Move → new ETA at another subscriber, ms. */
  etaLatencyMs: number[] = [];
  /** PUT /api/location: sent → answered, ms. */
  putMs: number[] = [];
  /** Move → its position on another subscriber's copy, ms. */
  positionLatencyMs: number[] = [];
  /** |published travel time − the provider's answer for the current position|, s. */
  etaErrorS: number[] = [];
  lastFrameRevision = new Map<string, number>();
  /** Send times of each participant's moves: updates from a new position (participant id → ms, ascending). */
  private readonly puts = new Map<string, number[]>();
  /** The last position each participant sent. */
  readonly sent = new Map<string, LatLon>();
  private readonly judged = new Set<string>();
  /** When each of a participant's recent positions was sent ('lat,lon' → ms). */
  private readonly sentAt = new Map<string, Map<string, number>>();

  recordPut(participantId: string, at: LatLon, time: number): void {
    const previous = this.sent.get(participantId);
    this.sent.set(participantId, at);
    const positions = this.sentAt.get(participantId) ?? new Map<string, number>();
    positions.set(`${at.lat},${at.lon}`, time);
    if (positions.size > 50) positions.delete(positions.keys().next().value!);
    this.sentAt.set(participantId, positions);
    // Only moves: an update from where the last one was (a stop, parked) changes no ETA.
    if (previous && previous.lat === at.lat && previous.lon === at.lon) return;
    const list = this.puts.get(participantId) ?? [];
    list.push(time);
    if (list.length > 200) list.splice(0, list.length - 200);
    this.puts.set(participantId, list);
  }

  /** When `participantId` sent the position `at` (if among their recent ones). */
  sentTime(
    participantId: string,
    at: { lat: number | null; lon: number | null },
  ): number | undefined {
    return this.sentAt.get(participantId)?.get(`${at.lat},${at.lon}`);
  }

  /** The earliest move of `participantId` sent after `since` (ms), if any. */
  firstPutAfter(participantId: string, since: number): number | undefined {
    return this.puts.get(participantId)?.find((t) => t > since);
  }

  /**
   * Once per session revision that changed travel times: each changed participant's published
   * travel time against what the (deterministic, offline) provider answers for their last sent position.
   */
  judgeEta(session: Session, changed: Participant[]): void {
    const key = `${session.sessionId}:${session.revision}`;
    if (!this.measuring || this.judged.has(key) || !session.destination) return;
    this.judged.add(key);
    for (const p of changed) {
      const at = this.sent.get(p.id);
      if (!at || p.travelTimeSeconds === null) continue;
      const fresh = estimateTravel(at, session.destination.position, {
        mode: p.routeOptions.travelMode,
        routeType: p.routeOptions.routeType,
        avoidTolls: p.routeOptions.avoidTolls,
      });
      this.etaErrorS.push(Math.abs(p.travelTimeSeconds - fresh.travelTimeSeconds));
    }
  }
}

export interface PageOptions {
  base: string;
  wsUrl: string;
  sessionId: string;
  token: string;
  /** The participant watching (their own ETA changes are not counted as "the others'"). */
  selfId: string;
  tracker: Tracker;
}

export class SimPage {
  held: Session | undefined;
  private ws: WebSocket | undefined;
  private fetching = false;
  private again = false;
  private closed = false;
  /** When this page last saw a route job's result: any participant's ETA changed. */
  private lastTravelAt = 0;

  constructor(private readonly o: PageOptions) {}

  /** Opens the socket and resolves once subscribed (rejects after `timeoutMs`). */
  open(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.o.wsUrl, { handshakeTimeout: timeoutMs });
      this.ws = ws;
      const timer = setTimeout(
        () => reject(new Error(`subscribe ${this.o.sessionId}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      timer.unref();
      ws.once('open', () =>
        ws.send(JSON.stringify(subscribeFrame(this.o.sessionId, this.o.token))),
      );
      ws.on('message', (data) => {
        const kind = this.onFrame(data.toString());
        if (kind === 'subscribed' || kind === 'subscribed-current') {
          clearTimeout(timer);
          resolve();
        } else if (kind === 'refused') {
          clearTimeout(timer);
          reject(new Error(`subscribe ${this.o.sessionId} refused`));
        }
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  close(): void {
    this.closed = true;
    this.ws?.terminate();
  }

  /** What use-live-session.ts does with a frame. */
  private onFrame(data: string): string {
    const message = frameOf(data);
    if (!message) return 'ignore';
    const t = this.o.tracker;
    const kind = eventOf(message, this.o.sessionId, this.held?.revision);
    if (kind === 'subscribed') this.refetch();
    else if (kind === 'refresh' && message.type === 'refresh-session') {
      if (t.measuring) t.frames += 1;
      if (message.revision !== undefined) {
        const last = t.lastFrameRevision.get(this.o.sessionId) ?? 0;
        if (message.revision > last) t.lastFrameRevision.set(this.o.sessionId, message.revision);
      }
      const next = applySessionFrame(this.held, message);
      if (next === 'refetch') this.refetch();
      else if (next !== 'current') this.take(next);
    } else if (kind === 'refused') this.refetch();
    return kind;
  }

  /** A new copy of the session (from a frame or a refetch): ETA changes of the others are timed. */
  private take(next: Session): void {
    const before = this.held;
    if (before && next.revision < before.revision) return;
    this.held = next;
    const t = this.o.tracker;
    const now = Date.now();
    if (!before) {
      // Changes are timed from the first copy on.
      this.lastTravelAt = now;
      return;
    }
    const changed: Participant[] = [];
    for (const p of next.participants) {
      const old = before.participants.find((q) => q.id === p.id);
      if (
        t.measuring &&
        old &&
        p.id !== this.o.selfId &&
        (old.lat !== p.lat || old.lon !== p.lon)
      ) {
        const sent = t.sentTime(p.id, p);
        if (sent !== undefined) t.positionLatencyMs.push(now - sent);
      }
      if (!old || old.travelTimeSeconds === p.travelTimeSeconds || p.travelTimeSeconds === null)
        continue;
      changed.push(p);
      if (p.id === this.o.selfId) continue;
      // A job reads every position of the session when it starts: P's moves before the last result
      // this page saw were in it (its ETA may have come out the same), so P's first move since counts.
      const moved = t.firstPutAfter(p.id, this.lastTravelAt);
      if (t.measuring && moved !== undefined) t.etaLatencyMs.push(now - moved);
    }
    if (changed.length > 0) {
      this.lastTravelAt = now;
      t.judgeEta(next, changed);
    }
  }

  /** GET /api/sessions/:id, one at a time (a second ask while one is out refetches once after it). */
  private refetch(): void {
    if (this.closed) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    const t = this.o.tracker;
    if (t.measuring) t.refetches += 1;
    call<{ session: Session }>(`${this.o.base}/api/sessions/${this.o.sessionId}`, {
      token: this.o.token,
    })
      .then((answer) => {
        if (answer.status >= 500) t.client5xx += 1;
        else if (answer.status === 200) this.take(answer.body.session);
      })
      .catch(() => (t.clientErrors += 1))
      .finally(() => {
        this.fetching = false;
        if (this.again) {
          this.again = false;
          this.refetch();
        }
      });
  }
}
