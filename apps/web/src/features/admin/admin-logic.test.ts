import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  canConfirmClear,
  DEFAULT_PAGE_SIZE,
  formatCost,
  formatCostTick,
  httpErrorText,
  instantLabel,
  isPageSize,
  isSessionClosed,
  jobTone,
  minuteLabel,
  pageOf,
  PAGE_SIZES,
  queueRows,
  queueState,
  searchSessions,
  shortId,
  sortSessions,
  summaryTotals,
  topByCost,
  travelCallRow,
} from './admin-logic';

const usage = (sessionId: string, totalAzureRequests: number, eventCount: number) => ({
  sessionId,
  totalAzureRequests,
  eventCount,
});

const job = (jobId: string, status: 'active' | 'waiting' | 'completed' | 'failed') => ({
  jobId,
  sessionId: `s-${jobId}`,
  participantIds: [],
  cachedKeys: 0,
  status,
  attempts: 1,
  cells: 2,
  reason: { code: 'changed', cachedExpiresAt: null },
  priority: 0,
  createdAt: '2026-11-25T17:00:00.000Z',
  finishedAt: null,
  failedReason: null,
});

describe('top sessions table', () => {
  const items = [usage('AbC1234', 5, 9), usage('xyz9876', 12, 1), usage('abd5555', 5, 3)];

  it('searches session ids case-insensitively, ignoring surrounding spaces; empty keeps all', () => {
    expect(searchSessions(items, '  ab ').map((i) => i.sessionId)).toEqual(['AbC1234', 'abd5555']);
    expect(searchSessions(items, '')).toHaveLength(3);
    expect(searchSessions(items, 'nope')).toEqual([]);
  });

  it('sorts by Azure requests or events, ascending or descending, ties by id', () => {
    expect(sortSessions(items, 'totalAzureRequests', 'desc').map((i) => i.sessionId)).toEqual([
      'xyz9876',
      'AbC1234',
      'abd5555',
    ]);
    expect(sortSessions(items, 'totalAzureRequests', 'asc').map((i) => i.sessionId)).toEqual([
      'AbC1234',
      'abd5555',
      'xyz9876',
    ]);
    expect(sortSessions(items, 'eventCount', 'desc').map((i) => i.eventCount)).toEqual([9, 3, 1]);
    expect(sortSessions(items, 'eventCount', 'asc').map((i) => i.eventCount)).toEqual([1, 3, 9]);
  });

  it('pages 10/25/50 with 25 by default, clamping the page to the last one', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(isPageSize(25)).toBe(true);
    expect(isPageSize(20)).toBe(false);
    const many = Array.from({ length: 60 }, (_, i) => i);
    expect(pageOf(many, 0, 25)).toMatchObject({ page: 0, pages: 3, total: 60 });
    expect(pageOf(many, 2, 25).rows).toEqual(many.slice(50));
    expect(pageOf(many, 9, 50)).toMatchObject({ page: 1, rows: many.slice(50) });
    expect(pageOf([], 3, 10)).toEqual({ rows: [], page: 0, pages: 1, total: 0 });
  });
});

describe('top sessions by estimated cost', () => {
  it('keeps the 10 most expensive, most first', () => {
    const items = Array.from({ length: 14 }, (_, i) => ({
      sessionId: `s${String(i).padStart(2, '0')}`,
      estimatedCost: (i % 7) * 0.001,
    }));
    const top = topByCost(items);
    expect(top).toHaveLength(10);
    expect(top.map((t) => t.estimatedCost)).toEqual(
      [...top.map((t) => t.estimatedCost)].sort((a, b) => b - a),
    );
    expect(top[0]).toEqual({ sessionId: 's06', estimatedCost: 0.006 });
  });

  it('formats fractions of a cent with up to 4 decimals', () => {
    expect(formatCost(0.0005)).toBe('$0.0005');
    expect(formatCost(1.25)).toBe('$1.25');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCostTick(0.00045)).toBe('$0.00045');
  });
});

describe('summary', () => {
  it('adds Azure requests, events and notifications', () => {
    expect(
      summaryTotals(
        [usage('a', 3, 4), usage('b', 2, 1)],
        [{ totalNotifications: 5 }, { totalNotifications: 1 }],
      ),
    ).toEqual({ azureRequests: 5, events: 5, notifications: 6 });
  });

  it('counts a session as closed when isClosed or closedAt is set (doc 2 §4)', () => {
    expect(isSessionClosed({ isClosed: true, closedAt: null })).toBe(true);
    expect(isSessionClosed({ isClosed: false, closedAt: '2026-11-25T10:00:00Z' })).toBe(true);
    expect(isSessionClosed({ isClosed: false, closedAt: null })).toBe(false);
  });
});

describe('route queue', () => {
  it('colours a job status by keyword (doc 2 §4)', () => {
    for (const s of ['processing', 'running', 'in-progress', 'active'])
      expect(jobTone(s)).toBe('active');
    for (const s of ['queued', 'waiting', 'pending']) expect(jobTone(s)).toBe('waiting');
    for (const s of ['failed', 'error', 'stalled', 'FAILED']) expect(jobTone(s)).toBe('failed');
    expect(jobTone('locked')).toBe('locked');
    expect(jobTone('completed')).toBe('neutral');
    expect(jobTone('delayed')).toBe('neutral');
  });

  it('reads Stalled, Processing or Idle', () => {
    expect(
      queueState({
        stalled: [job('1', 'active')],
        processing: [job('1', 'active')],
        processingCount: 1,
      }),
    ).toBe('Stalled');
    expect(queueState({ stalled: [], processing: [job('1', 'active')], processingCount: 1 })).toBe(
      'Processing',
    );
    expect(queueState({ stalled: [], processing: [], processingCount: 0 })).toBe('Idle');
  });

  it('lists running jobs first, each once, marks stalled ones, at most the limit', () => {
    const rows = queueRows(
      {
        processing: [job('2', 'active')],
        stalled: [job('2', 'active')],
        recentJobs: [job('1', 'completed'), job('2', 'active'), job('3', 'failed')],
      },
      2,
    );
    expect(rows.map((r) => [r.jobId, r.shownStatus])).toEqual([
      ['2', 'stalled'],
      ['1', 'completed'],
    ]);
  });
});

describe('clear-data dialog', () => {
  it('enables Confirm only for the exact word with nothing in flight', () => {
    expect(canConfirmClear('CLEAR_AUDIT', 'CLEAR_AUDIT', false)).toBe(true);
    expect(canConfirmClear('CLEAR_AUDIT', 'CLEAR_AUDIT', true)).toBe(false);
    expect(canConfirmClear('clear_audit', 'CLEAR_AUDIT', false)).toBe(false);
    expect(canConfirmClear(' CLEAR_AUDIT', 'CLEAR_AUDIT', false)).toBe(false);
    expect(canConfirmClear('', 'CLEAR_AUDIT', false)).toBe(false);
  });
});

describe('errors and times', () => {
  it("says 'HTTP {status}', with the body's text only where asked", () => {
    const error = new ApiError('Administrators only', 403, 'forbidden', {
      error: 'Administrators only',
    });
    expect(httpErrorText(error)).toBe('HTTP 403');
    expect(httpErrorText(error, true)).toBe('HTTP 403: Administrators only');
    expect(
      httpErrorText(new ApiError('Something went wrong', 502, undefined, undefined), true),
    ).toBe('HTTP 502');
    expect(httpErrorText(new ApiError('Something went wrong', 0))).toBe('Something went wrong');
  });

  it('shortens a long id to 8 characters and an ellipsis', () => {
    expect(shortId('0f8c2a4e-1111-2222-3333-444455556666')).toBe('0f8c2a4e…');
    expect(shortId('abc1234')).toBe('abc1234');
  });

  it('labels an instant with its zone', () => {
    expect(instantLabel('2026-11-25T17:03:00.000Z', 'en-US')).toMatch(
      / (UTC|GMT|[A-Z]{2,5}|GMT[+-]\d+)$/,
    );
    expect(instantLabel(null)).toBe('');
    expect(minuteLabel('2026-11-25T17:03:40.000Z', 'en-US')).toMatch(
      /^Nov 25, 2026, \d{1,2}:03 [AP]M \S+$/,
    );
    expect(instantLabel('nonsense')).toBe('nonsense');
  });

  it('describes a travel_times audit entry, mode car by default', () => {
    const row = travelCallRow(
      {
        _id: 'e1',
        createdAt: '2026-11-25T17:03:00.000Z',
        request: {
          origins: [
            { lat: 47.61, lon: -122.2 },
            { lat: 47.67, lon: -122.12 },
          ],
          destination: { lat: 47.6097, lon: -122.3422 },
          arriveAt: '2026-11-26T17:00:00.000Z',
        },
        metrics: { azureRequests: 1, strategy: 'estimate', durationMs: 3.4 },
      },
      'en-US',
    );
    expect(row).toMatchObject({
      id: 'e1',
      origins: '47.61, -122.2; 47.67, -122.12',
      originCount: 2,
      destination: '47.6097, -122.3422',
      mode: 'car',
      strategy: 'estimate',
      azureRequests: 1,
      durationMs: 3,
    });
    expect(row.when).toMatch(/^arrive Nov 26, 2026/);
  });
});
