// Issue 5, flow 8: the landing page's JavaScript stays within budget and never pulls the heavy
// SDKs (they load lazily on the pages that need them).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { openApp } from '../src/app.js';
import { describe, expect, test } from '../src/browser.js';

const BUDGET_BYTES = 170 * 1024;
const HEAVY_SDKS = ['azure-maps-control', 'maplibre-gl', '@azure/communication'];

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  const { pathname } = new URL(response.url());
  return /javascript|ecmascript/.test(type) || /\.m?js$/.test(pathname);
}

/** The SDK's own code, not a mere chunk file name (`…/azure-maps-control-abc123.js`) in a preload list. */
function mentionsSdk(body: string, sdk: string): boolean {
  const escaped = sdk.replace(/[.*+?^${}()|[\]\\/@]/g, '\\$&');
  return new RegExp(`${escaped}(?![\\w-]*\\.js)`).test(body);
}

describe('bundle budget', () => {
  test('the landing page loads at most 170 KB of gzipped JavaScript and none of azure-maps-control, maplibre-gl or @azure/communication', async ({
    page,
    screens,
  }) => {
    const scripts: Promise<{ url: string; raw: number; gzip: number; body: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().method() !== 'GET' || !isJavaScript(response)) return;
      scripts.push(
        response.body().then((buffer) => ({
          url: response.url(),
          raw: buffer.length,
          gzip: gzipSync(buffer, { level: 9 }).length,
          body: buffer.toString('utf8'),
        })),
      );
    });
    await openApp(page, '/');
    await page.waitForLoadState('networkidle');
    // Late lazy chunks count too: once the page's own idle callbacks have run (ours is queued after
    // them), whatever they requested has been asked for; then the network settles again.
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
    );
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);

    const total = loaded.reduce((sum, s) => sum + s.gzip, 0);
    const table = loaded
      .map(
        (s) =>
          `${(s.gzip / 1024).toFixed(1).padStart(7)} KB gz ${(s.raw / 1024).toFixed(1).padStart(8)} KB  ${new URL(s.url).pathname}`,
      )
      .join('\n');
    const report = `${table}\n${(total / 1024).toFixed(1).padStart(7)} KB gz in ${loaded.length} files (budget 170 KB)\n`;
    mkdirSync(screens.dir, { recursive: true });
    writeFileSync(path.join(screens.dir, 'landing-js.txt'), report);
    process.stdout.write(`landing page JavaScript:\n${report}`);

    expect(loaded.length, 'the landing page loads some JavaScript').toBeGreaterThan(0);
    expect(total, `gzipped JavaScript of the landing page\n${report}`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
    for (const sdk of HEAVY_SDKS) {
      const offenders = loaded
        .filter((s) => s.url.includes(sdk) || mentionsSdk(s.body, sdk))
        .map((s) => s.url);
      expect(offenders, `${sdk} on the landing page`).toEqual([]);
    }
  });
});
