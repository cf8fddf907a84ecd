// Chromium through playwright-core (the system browser, never a downloaded one), one fresh
// context per test, and the per-screen checks: screenshots at two widths and axe-core.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { artifactsDir } from './paths.js';
import type { StackInfo } from './stack.js';

export { artifactsDir };

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = [MOBILE, DESKTOP] as const;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let browser: Promise<Browser> | undefined;

/** One Chromium per test file (launched on first use); each test gets its own context. */
export function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const running = browser;
  browser = undefined;
  await (await running?.catch(() => undefined))?.close();
}

/** A file-system-safe folder name for a test. */
export function slug(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length <= 60 ? words : words.slice(0, 60).replace(/-[^-]*$/, '');
  return cut || 'test';
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** Runs axe-core on the page as it is now; returns every violation. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axe.source);
  const result = await page.evaluate(async () => {
    // A fade in or out caught halfway reads as low contrast: let every finite animation end first
    // (on a loaded machine a 220 ms fade can still be running when the check starts).
    const ended = Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    // A paused animation never ends: wait at most 3 s.
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
    const run = await window.axe!.run(document, { resultTypes: ['violations'] });
    return run.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String),
        failureSummary: n.failureSummary,
        html: n.html.slice(0, 200),
      })),
    }));
  });
  return result;
}

export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

export interface Screens {
  /**
   * Screenshots the page at 390×844 and 1280×800 into artifacts/<test>/<name>-<width>.png (what
   * fits the screen, fixed bars where the user sees them) plus <name>-<width>-full.png when the
   * page is taller, and runs axe-core at each width, failing on a serious or critical violation.
   * Restores the viewport. `settled` runs after each resize, before the shot (a map loading tiles).
   */
  capture(
    name: string,
    options?: {
      page?: Page;
      fullPage?: boolean;
      axe?: boolean;
      settled?: (page: Page) => Promise<void>;
    },
  ): Promise<void>;
  /** artifacts/<test> */
  dir: string;
}

function screensFor(testName: string, defaultPage: () => Page): Screens {
  const dir = path.join(artifactsDir, slug(testName));
  rmSync(dir, { recursive: true, force: true });
  const shoot = async (
    name: string,
    {
      page = defaultPage(),
      fullPage = true,
      axe: checkAxe = true,
      settled,
    }: {
      page?: Page;
      fullPage?: boolean;
      axe?: boolean;
      settled?: (page: Page) => Promise<void>;
    } = {},
  ) => {
    mkdirSync(dir, { recursive: true });
    const before = page.viewportSize();
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await settle(page);
      await settled?.(page);
      await page.screenshot({
        path: path.join(dir, `${name}-${viewport.width}.png`),
        animations: 'disabled',
      });
      const { height, scrollY } = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        scrollY: window.scrollY,
      }));
      if (fullPage && height > viewport.height) {
        // From the top, so a sticky header sits where it belongs (fixed bars stay on the first screen).
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(dir, `${name}-${viewport.width}-full.png`),
          fullPage: true,
          animations: 'disabled',
        });
        await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      }
      if (!checkAxe) continue;
      const violations = await runAxe(page);
      if (violations.length > 0) {
        writeFileSync(
          path.join(dir, `${name}-${viewport.width}.axe.json`),
          JSON.stringify(violations, null, 2),
        );
        appendFileSync(
          path.join(artifactsDir, 'axe-findings.jsonl'),
          violations
            .map((v) =>
              JSON.stringify({
                test: testName,
                screen: name,
                width: viewport.width,
                id: v.id,
                impact: v.impact,
                help: v.help,
                nodes: v.nodes.length,
                targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
              }),
            )
            .join('\n') + '\n',
        );
      }
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      if (blocking.length > 0)
        problems.push(
          `at ${viewport.width}×${viewport.height} (${page.url()}):\n${formatViolations(blocking)}`,
        );
    }
    if (before) await page.setViewportSize(before);
    if (problems.length > 0)
      throw new Error(
        `axe-core: serious or critical violations on screen '${name}'\n${problems.join('\n')}`,
      );
  };
  return { capture: shoot, dir };
}

export interface E2EFixtures {
  stack: StackInfo;
  context: BrowserContext;
  page: Page;
  screens: Screens;
  /** Errors the page threw or logged with console.error during the test. */
  pageErrors: string[];
}

/** `test` with a stack, a fresh browser context and page, and the screen helper. */
export const test = base.extend<E2EFixtures>({
  // eslint-disable-next-line no-empty-pattern -- vitest fixtures must destructure their first argument
  stack: async ({}, use) => {
    await use(inject('stack'));
  },
  context: async ({ stack }, use) => {
    const context = await (
      await sharedBrowser()
    ).newContext({
      baseURL: stack.base,
      viewport: DESKTOP,
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    await use(context);
    await context.close();
  },
  // eslint-disable-next-line no-empty-pattern -- vitest fixtures must destructure their first argument
  pageErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ context, pageErrors, task }, use) => {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
    });
    await use(page);
    const dir = path.join(artifactsDir, slug(task.name));
    if (pageErrors.length > 0) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'page-errors.txt'), pageErrors.join('\n') + '\n');
    }
    // Teardown runs before onTestFailed hooks, while the context is still open: keep the evidence.
    if (task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0) {
      mkdirSync(dir, { recursive: true });
      const pages = context.pages();
      for (const [index, open] of pages.entries()) {
        await open
          .screenshot({
            path: path.join(dir, `failure-${index}.png`),
            fullPage: true,
            timeout: 5000,
          })
          .catch(() => undefined);
      }
      const lines = [...pages.map((p, i) => `page ${i}: ${p.url()}`), ...pageErrors];
      writeFileSync(path.join(dir, 'failure.txt'), lines.join('\n') + '\n');
      return;
    }
    // An exception the app did not catch fails the test, whatever it asserted.
    const uncaught = pageErrors.filter((line) => line.startsWith('pageerror:'));
    if (uncaught.length > 0) throw new Error(`the page threw:\n${uncaught.join('\n')}`);
  },
  screens: async ({ page, task }, use) => {
    await use(screensFor(task.name, () => page));
  },
});

export { expect, describe } from 'vitest';
