/**
 * The admin portal's rules with no I/O (doc 2 §2, §4, §9 "Admin"): session search, sort and pages,
 * the top-10 by cost, the queue's state and job colours, the clear dialog's gate, error texts and
 * time labels.
 */
import { format } from '@oneeta/contracts';
import { ApiError } from '../../api/client';
import type { AdminUsageItem, QueueJob, QueueSnapshot } from '../../api/admin';
import { ADMIN_SPEC } from './texts';

/** Page sizes of the top sessions table (doc 2 §9): 10, 25, 50, default 25. */
export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** The cost chart shows this many sessions. */
export const TOP_COST_COUNT = 10;
/** The queue panel's keys-only view (doc 2 §9). */
export const QUEUE_KEYS_SHOWN = 200;
/** The matrix lookup's dropdown lists the first 200 sessions (doc 2 §9). */
export const LOOKUP_SESSIONS_SHOWN = 200;
/** How long the 'Copied' toast stays (doc 2 §9). */
export const COPIED_TOAST_MS = 2000;

export type SortKey = 'totalAzureRequests' | 'eventCount';
export type SortDir = 'asc' | 'desc';

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/** Sessions whose id contains the search text (case-insensitive, trimmed); '' keeps all. */
export function searchSessions<T extends { sessionId: string }>(
  items: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.sessionId.toLowerCase().includes(needle));
}

/** Sorted by `key` in `dir`; ties keep the id order so pages never reshuffle. */
export function sortSessions<T extends Pick<AdminUsageItem, SortKey | 'sessionId'>>(
  items: readonly T[],
  key: SortKey,
  dir: SortDir,
): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...items].sort(
    (a, b) => sign * (a[key] - b[key]) || a.sessionId.localeCompare(b.sessionId),
  );
}

export interface Paged<T> {
  rows: T[];
  /** 0-based, clamped to the last page. */
  page: number;
  pages: number;
  total: number;
}

/** One page of `items` (`page` is 0-based and clamped); always at least one (empty) page. */
export function pageOf<T>(items: readonly T[], page: number, size: number): Paged<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  return {
    rows: items.slice(current * size, current * size + size),
    page: current,
    pages,
    total: items.length,
  };
}

/** The `count` most expensive sessions, most first (doc 2 §9: the chart sorts by estimated cost). */
export function topByCost<T extends { sessionId: string; estimatedCost: number }>(
  items: readonly T[],
  count = TOP_COST_COUNT,
): T[] {
  return [...items]
    .sort((a, b) => b.estimatedCost - a.estimatedCost || a.sessionId.localeCompare(b.sessionId))
    .slice(0, count);
}

/** '$0.0015': US dollars, at least 2 and at most 4 decimals (estimates are fractions of a cent). */
export function formatCost(dollars: number): string {
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
}

/** A cost axis tick: up to 5 decimals, so close ticks ($0.00045, $0.0006) stay apart. */
export function formatCostTick(dollars: number): string {
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 5,
  });
}

export interface SummaryTotals {
  azureRequests: number;
  notifications: number;
  events: number;
}

/** The summary's totals over the listed sessions. */
export function summaryTotals(
  usage: readonly Pick<AdminUsageItem, 'totalAzureRequests' | 'eventCount'>[],
  notifications: readonly { totalNotifications: number }[],
): SummaryTotals {
  return {
    azureRequests: usage.reduce((sum, u) => sum + u.totalAzureRequests, 0),
    events: usage.reduce((sum, u) => sum + u.eventCount, 0),
    notifications: notifications.reduce((sum, n) => sum + n.totalNotifications, 0),
  };
}

/** doc 2 §4: closed if isClosed is true or closedAt is set. */
export function isSessionClosed(item: Pick<AdminUsageItem, 'isClosed' | 'closedAt'>): boolean {
  return item.isClosed || Boolean(item.closedAt);
}

export type JobTone = 'active' | 'waiting' | 'failed' | 'locked' | 'neutral';

/**
 * doc 2 §4: a job's status colour by keyword: processing, running, in-progress = active; queued,
 * waiting, pending = waiting; failed, error, stalled = failed; locked = locked; anything else neutral.
 */
export function jobTone(status: string): JobTone {
  const s = status.toLowerCase();
  if (/failed|error|stalled/.test(s)) return 'failed';
  if (/locked/.test(s)) return 'locked';
  if (/processing|running|in-progress|active/.test(s)) return 'active';
  if (/queued|waiting|pending/.test(s)) return 'waiting';
  return 'neutral';
}

export type QueueState = 'Processing' | 'Stalled' | 'Idle';

/** The queue overall: Stalled when a running job lost its lock, else Processing while jobs run, else Idle. */
export function queueState(
  snapshot: Pick<QueueSnapshot, 'stalled' | 'processingCount' | 'processing'>,
): QueueState {
  if (snapshot.stalled.length > 0) return ADMIN_SPEC.queueStalled;
  if (snapshot.processingCount > 0 || snapshot.processing.length > 0)
    return ADMIN_SPEC.queueProcessing;
  return ADMIN_SPEC.queueIdle;
}

export interface QueueRow extends QueueJob {
  /** What the table shows: 'stalled' for a running job that lost its lock, else the job's status. */
  shownStatus: string;
}

/** The table's jobs: running ones first, then the recent ones, each once, at most `limit`. */
export function queueRows(
  snapshot: Pick<QueueSnapshot, 'processing' | 'stalled' | 'recentJobs'>,
  limit: number,
): QueueRow[] {
  const stalled = new Set(snapshot.stalled.map((j) => j.jobId));
  const seen = new Set<string>();
  const rows: QueueRow[] = [];
  for (const job of [...snapshot.processing, ...snapshot.recentJobs]) {
    if (seen.has(job.jobId)) continue;
    seen.add(job.jobId);
    rows.push({ ...job, shownStatus: stalled.has(job.jobId) ? 'stalled' : job.status });
  }
  return rows.slice(0, limit);
}

/** doc 2 §4: Confirm only when the typed text is exactly the word and nothing is in flight. */
export function canConfirmClear(typed: string, word: string, busy: boolean): boolean {
  return !busy && typed === word;
}

/**
 * doc 2 §8 "Admin": 'HTTP {status}', with the answer's error text when `withBody` (users and
 * clear-audit). No answer at all (status 0) says the call's message.
 */
export function httpErrorText(error: unknown, withBody = false): string {
  if (!(error instanceof ApiError)) return format(ADMIN_SPEC.httpStatus, { status: 0 });
  if (error.status === 0) return error.message;
  const head = format(ADMIN_SPEC.httpStatus, { status: error.status });
  const body = bodyText(error.body);
  return withBody && body ? `${head}: ${body}` : head;
}

function bodyText(body: unknown): string {
  if (typeof body === 'string') return body.trim();
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
    return body.error;
  return body === undefined ? '' : JSON.stringify(body);
}

/**
 * An instant in the viewer's own zone, with the zone's short name so a screenshot or a colleague
 * elsewhere reads it right: 'Nov 25, 2026, 9:03:12 AM PST'.
 */
export function instantLabel(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // timeStyle 'long' carries the zone's short name.
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'long' });
}

/** A long id (a UUID) shortened for a table cell: its first 8 characters and '…'. */
export function shortId(id: string, keep = 8): string {
  return id.length > keep + 1 ? `${id.slice(0, keep)}…` : id;
}

/** An instant to the minute in the viewer's zone, with the zone's name: 'Nov 25, 2026, 9:03 AM PST'. */
export function minuteLabel(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** An ISO string as pretty JSON for the View dialog. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export interface TravelCallRow {
  id: string;
  time: string;
  origins: string;
  originCount: number;
  destination: string;
  /** 'arrive Nov 26, 2026, 9:00:00 AM PST' or 'depart …'. */
  when: string;
  mode: string;
  strategy: string;
  azureRequests: number;
  durationMs: number | null;
}

/** 'lat, lon' of a point record ({lat, lon} or {latitude, longitude}); else its JSON. */
export function pointLabel(point: unknown): string {
  if (point && typeof point === 'object') {
    const p = point as Record<string, unknown>;
    const lat = p.lat ?? p.latitude;
    const lon = p.lon ?? p.lng ?? p.longitude;
    if (typeof lat === 'number' && typeof lon === 'number') return `${lat}, ${lon}`;
  }
  return typeof point === 'string' ? point : JSON.stringify(point ?? '');
}

/** One travel_times audit entry as 'Inspect calls' lists it (doc 2 §3: mode defaults to car). */
export function travelCallRow(
  entry: {
    _id: string;
    createdAt: string;
    request: Record<string, unknown>;
    metrics: {
      azureRequests: number;
      strategy?: string | undefined;
      durationMs?: number | undefined;
    } & Record<string, unknown>;
  },
  locale?: string,
): TravelCallRow {
  const { request, metrics } = entry;
  const origins = Array.isArray(request.origins) ? request.origins : [];
  const originCount =
    typeof request.originCount === 'number' ? request.originCount : origins.length;
  const arrive = typeof request.arriveAt === 'string' ? request.arriveAt : null;
  const depart = typeof request.departAt === 'string' ? request.departAt : null;
  const label = typeof metrics.label === 'string' ? metrics.label : '';
  return {
    id: entry._id,
    time: instantLabel(entry.createdAt, locale),
    origins: origins.map(pointLabel).join('; '),
    originCount,
    destination: request.destination === undefined ? '' : pointLabel(request.destination),
    when: arrive
      ? `arrive ${instantLabel(arrive, locale)}`
      : depart
        ? `depart ${instantLabel(depart, locale)}`
        : '',
    mode: typeof request.mode === 'string' && request.mode ? request.mode : 'car',
    strategy: metrics.strategy ?? label,
    azureRequests: metrics.azureRequests,
    durationMs: typeof metrics.durationMs === 'number' ? Math.round(metrics.durationMs) : null,
  };
}
