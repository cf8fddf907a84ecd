import { describe, expect, it } from 'vitest';
import { matchRoute, mountPoints, routesTable, type ServiceName } from './routes-table.js';

const everything = {
  AUTH_URL: 'http://auth:1',
  SESSION_URL: 'http://session:2',
  ROUTING_URL: 'http://routing:3',
  COMMUNICATION_URL: 'http://communication:4',
  NOTIFICATION_URL: 'http://notification:5',
  BILLING_URL: 'http://billing:6',
  ADMIN_URL: 'http://admin:7',
};
const full = routesTable(everything);
const serviceOf = (url: string, routes = full): ServiceName | null =>
  matchRoute(routes, url)?.service ?? null;

describe('matchRoute', () => {
  it('routes each prefix to its service', () => {
    const cases: [string, ServiceName][] = [
      ['/api/auth/login', 'auth'],
      ['/api/auth', 'auth'],
      ['/api/sessions', 'session'],
      ['/api/sessions/abc/participants', 'session'],
      ['/api/location', 'session'],
      ['/api/maps/search?q=Paris', 'routing'],
      ['/api/communication/token', 'communication'],
      ['/chat/threads/t1/messages', 'communication'],
      ['/api/push/subscribe', 'notification'],
      ['/api/notifications/channels', 'notification'],
      ['/api/billing/checkout', 'billing'],
      ['/api/enterprise/leads', 'billing'],
      ['/api/admin/users?limit=200', 'auth'],
      ['/api/admin/sessions/counts', 'session'],
      ['/api/admin/sessions/s1/reopen', 'session'],
      ['/api/admin/queue?limit=50', 'routing'],
      ['/api/admin/recent-enqueue', 'routing'],
      ['/api/admin/email-outbox?limit=100', 'notification'],
      ['/api/admin/azure-usage?limit=200', 'admin'],
      ['/api/admin/matrix/s1', 'admin'],
      ['/api/admin/clear-audit', 'admin'],
    ];
    for (const [url, service] of cases)
      expect({ url, service: serviceOf(url) }).toEqual({ url, service });
  });

  it('sends audit and matrix-usage of a session to admin, ahead of the session prefix', () => {
    expect(serviceOf('/api/sessions/s1/audit')).toBe('admin');
    expect(serviceOf('/api/sessions/s1/audit?event=travel_times&limit=200')).toBe('admin');
    expect(serviceOf('/api/sessions/s1/audit/summary')).toBe('admin');
    expect(serviceOf('/api/sessions/s1/matrix-usage')).toBe('admin');
    expect(serviceOf('/api/sessions/s1/auditors')).toBe('session');
    expect(serviceOf('/api/sessions//audit')).toBe('session');
    expect(serviceOf('/api/sessions/audit')).toBe('session');
  });

  it('sends the administrator reopen of a session to the session service, other admin paths to admin', () => {
    expect(serviceOf('/api/admin/sessions/abc2345/reopen')).toBe('session');
    expect(serviceOf('/api/admin/sessions/abc2345/reopen?x=1')).toBe('session');
    expect(serviceOf('/api/admin/sessions/abc2345')).toBe('admin');
    expect(serviceOf('/api/admin/sessions')).toBe('admin');
    expect(serviceOf('/api/admin/sessions/abc2345/reopened')).toBe('admin');
    const withoutSession = routesTable({ AUTH_URL: 'http://auth:1', ADMIN_URL: 'http://admin:7' });
    expect(serviceOf('/api/admin/sessions/abc2345/reopen', withoutSession)).toBeNull();
    expect(serviceOf('/api/admin/azure-usage', withoutSession)).toBe('admin');
    expect(serviceOf('/api/admin/users', withoutSession)).toBe('auth');
  });

  it('matches whole segments only', () => {
    expect(serviceOf('/api/authx')).toBeNull();
    expect(serviceOf('/api/sessionsx/1')).toBeNull();
    expect(serviceOf('/chatroom')).toBeNull();
    expect(serviceOf('/api/auth/')).toBe('auth');
  });

  it('routes nothing outside the table, under /internal, or through dot segments', () => {
    for (const url of [
      '/',
      '/api',
      '/api/health',
      '/internal/users',
      '/api/auth/../internal/x',
      '/api/auth/%2E%2E/x',
      '/api/auth/.%2e%2Fx',
      '/api/auth/a%5C..%5Cb',
      '/api/auth/%zz',
      'api/auth',
    ]) {
      expect({ url, service: serviceOf(url) }).toEqual({ url, service: null });
    }
    expect(serviceOf('/api/auth/a%2Fb')).toBe('auth');
  });

  it('leaves a service that is not configured unrouted, its admin paths included', () => {
    const onlyAuthAndSession = routesTable({
      AUTH_URL: 'http://auth:1',
      SESSION_URL: 'http://session:2',
    });
    expect(serviceOf('/api/auth/me', onlyAuthAndSession)).toBe('auth');
    expect(serviceOf('/api/sessions/s1', onlyAuthAndSession)).toBe('session');
    expect(serviceOf('/api/sessions/s1/audit', onlyAuthAndSession)).toBeNull();
    expect(serviceOf('/api/maps/search', onlyAuthAndSession)).toBeNull();
    expect(serviceOf('/chat/threads', onlyAuthAndSession)).toBeNull();
  });

  it('gives the upstream URL of the match', () => {
    expect(matchRoute(full, '/api/billing/portal')?.upstream).toBe('http://billing:6');
  });
});

describe('mountPoints', () => {
  it('lists the first segment of every pattern once', () => {
    expect(mountPoints(full)).toEqual(['/api', '/chat']);
  });
});
