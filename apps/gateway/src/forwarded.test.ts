import { describe, expect, it } from 'vitest';
import { clientIp, upstreamHeaders, type ForwardedRequest } from './forwarded.js';

const request = (headers: ForwardedRequest['headers'], encrypted = false): ForwardedRequest => ({
  id: 'req-1',
  headers,
  raw: { socket: { remoteAddress: '10.0.0.9', encrypted } },
});

describe('forwarded headers', () => {
  it('trusts no X-Forwarded-For entry by default: the socket peer is the client', () => {
    const req = request({ 'x-forwarded-for': '6.6.6.6', host: 'app.example' });
    expect(clientIp(req, 0)).toBe('10.0.0.9');
    expect(upstreamHeaders(req, { ...req.headers }, 0)).toMatchObject({
      'x-forwarded-for': '10.0.0.9',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'app.example',
      'x-request-id': 'req-1',
    });
  });

  it('keeps only the entries written by trusted proxies', () => {
    const req = request({
      'x-forwarded-for': '6.6.6.6, 203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'oneeta.example',
    });
    expect(clientIp(req, 1)).toBe('203.0.113.7');
    expect(upstreamHeaders(req, { ...req.headers }, 1)).toMatchObject({
      'x-forwarded-for': '203.0.113.7, 10.0.0.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'oneeta.example',
    });
    expect(clientIp(request({}), 2)).toBe('10.0.0.9');
  });

  it('ignores client-sent proto and host without a trusted proxy, and drops internal headers', () => {
    const req = request({
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      host: 'app.example',
      'x-internal-token': 'secret',
      forwarded: 'for=6.6.6.6',
      authorization: 'Bearer t',
    });
    const headers = upstreamHeaders(req, { ...req.headers }, 0);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('app.example');
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers.authorization).toBe('Bearer t');
    expect(upstreamHeaders(request({}, true), {}, 0)['x-forwarded-proto']).toBe('https');
  });
});
