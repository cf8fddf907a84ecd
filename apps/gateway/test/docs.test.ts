import { startAuth, type AuthHarness } from '@oneeta/auth/testing';
import { deleteKeys, TEST_INTERNAL_TOKEN, uniquePrefix } from '@oneeta/service-kit/testing';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/security-headers.js';
import { startGateway, urlOf, type Gateway } from './helpers.js';

/** The API reference page at /api/docs, over the real auth service's document, in headless Chromium. */
const prefix = uniquePrefix('gw-docs');
let auth: AuthHarness;
let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  auth = await startAuth();
  await auth.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway({
    REDIS_PREFIX: prefix,
    AUTH_URL: urlOf(auth.app),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await deleteKeys(gateway.redis, prefix);
  await gateway.close();
  await auth.close();
});

const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';
const directive = (policy: string, name: string) =>
  policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('GET /api/docs', () => {
  it('serves the reference page and its script from the gateway, with a policy allowing its inline scripts by hash only', async () => {
    const page = await fetch(`${gateway.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('js/scalar.js');
    expect(html).not.toMatch(/https?:\/\//);
    const scripts = directive(policyOf(page), 'script-src');
    expect(scripts).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(directive(policyOf(page), 'connect-src')).toBe("connect-src 'self'");
    const script = await fetch(`${gateway.url}/api/docs/js/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the same policy with a compressed page, and keeps the web app its own policy', async () => {
    const plain = policyOf(
      await fetch(`${gateway.url}/api/docs/`, { headers: { 'accept-encoding': 'identity' } }),
    );
    const compressed = await fetch(`${gateway.url}/api/docs/`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(policyOf(compressed)).toBe(plain);
    const host = new URL(gateway.url).host;
    expect(contentSecurityPolicy({}, host)).not.toBe(plain);
    expect(directive(contentSecurityPolicy({}, host), 'style-src')).toBe("style-src 'self'");
  });

  it('renders the operations in Chromium with no request leaving the gateway and no policy violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const origin = new URL(gateway.url).origin;
    const outside: string[] = [];
    const violations: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:'))
        return route.continue();
      outside.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
    try {
      await page.goto(`${gateway.url}/api/docs/`);
      await page.getByText('Sign in with e-mail and password').first().waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByText('OneETA API').count()).toBeGreaterThan(0);
      expect(outside).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 40_000);
});
