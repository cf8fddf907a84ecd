// Helpers for the quick-session browser tests (issue 6): several people, each in their own browser
// context with a geolocation, seeded through the API and driven through /s/{id} and the invite page.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Plan } from '@oneeta/contracts';
import { registerUser, type TestUser } from './api.js';
import { artifactsDir, DESKTOP, sharedBrowser, slug, test } from './browser.js';
import type { LatLon } from './session-api.js';
import type { StackInfo } from './stack.js';

export * from './session-api.js';

/** The localStorage key of the web app's auth token (apps/web/src/api/token.ts). */
export const TOKEN_KEY = 'oneeta:token';

export function geolocation({ lat, lon }: LatLon) {
  return { latitude: lat, longitude: lon, accuracy: 10 };
}

/** One person at their own browser: a signed-in user (or a guest), a context and a page. */
export interface Person {
  name: string;
  user: TestUser | null;
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors of this person's page. */
  errors: string[];
  /** Moves this person's device (watchPosition fires in the page). */
  moveTo: (place: LatLon) => Promise<void>;
  /** With `blockWebSocket`: how many times the page tried to open /ws. */
  wsAttempts: () => number;
}

export interface PersonOptions {
  /** Display name; the user is registered with it. */
  name: string;
  /** Where the device is; null: no geolocation permission at all (the browser denies). */
  at: LatLon | null;
  /** The plan of the registered user (premium unless told). */
  plan?: Plan;
  /** Reuse an already registered user instead of registering one. */
  user?: TestUser | null;
  /** false: a guest (no token). */
  signedIn?: boolean;
  viewport?: { width: number; height: number };
  /** Every /ws connection of this context is refused (closed at once), as a blocking proxy would. */
  blockWebSocket?: boolean;
}

export type OpenPerson = (options: PersonOptions) => Promise<Person>;

/** Registers a premium user named `name` (no plan limit gets in the way of a multi-person flow). */
export function registerPerson(
  stack: StackInfo,
  name: string,
  plan: Plan = 'premium',
): Promise<TestUser> {
  return registerUser(stack, { tag: slug(name), name, plan });
}

async function newPersonContext(
  stack: StackInfo,
  { at, viewport = DESKTOP }: PersonOptions,
): Promise<BrowserContext> {
  const context = await (
    await sharedBrowser()
  ).newContext({
    baseURL: stack.base,
    viewport,
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    ...(at ? { geolocation: geolocation(at), permissions: ['geolocation'] } : {}),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/**
 * `test` plus `person(options)`: opens a browser context per person (signed in by storing the
 * token the way the app does, so no sign-in page round trip), closes them after the test, and keeps
 * a screenshot of every page when the test fails.
 */
export const sessionTest = test.extend<{ person: OpenPerson }>({
  person: async ({ stack, task }, use) => {
    const people: Person[] = [];
    await use(async (options) => {
      const context = await newPersonContext(stack, options);
      const user =
        options.signedIn === false
          ? null
          : (options.user ?? (await registerPerson(stack, options.name, options.plan)));
      if (user) {
        await context.addInitScript(
          ([key, token]) => {
            // Only on the first document: a sign-out later in the test must stick.
            try {
              if (!sessionStorage.getItem('e2e:token-set')) {
                localStorage.setItem(key, token);
                sessionStorage.setItem('e2e:token-set', '1');
              }
            } catch {
              // about:blank has no storage
            }
          },
          [TOKEN_KEY, user.token] as const,
        );
      }
      let wsAttempts = 0;
      if (options.blockWebSocket) {
        await context.routeWebSocket(
          (url) => url.pathname === '/ws',
          async (ws) => {
            wsAttempts += 1;
            await ws.close({ code: 1008, reason: 'blocked by the test' });
          },
        );
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      const person: Person = {
        name: options.name,
        user,
        context,
        page,
        errors,
        moveTo: (place) => context.setGeolocation(geolocation(place)),
        wsAttempts: () => wsAttempts,
      };
      people.push(person);
      return person;
    });
    const failed = task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0;
    const dir = path.join(artifactsDir, slug(task.name));
    const lines: string[] = [];
    for (const [index, person] of people.entries()) {
      if (failed) {
        mkdirSync(dir, { recursive: true });
        await person.page
          .screenshot({
            path: path.join(dir, `failure-${slug(person.name)}.png`),
            fullPage: true,
            timeout: 5000,
          })
          .catch(() => undefined);
      }
      lines.push(`person ${index} ${person.name}: ${person.page.url()}`, ...person.errors);
      await person.context.close().catch(() => undefined);
    }
    if (failed && lines.length > 0) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'failure-people.txt'), lines.join('\n') + '\n');
    }
    const uncaught = people.flatMap((p) =>
      p.errors.filter((line) => line.startsWith('pageerror:')).map((line) => `${p.name}: ${line}`),
    );
    if (!failed && uncaught.length > 0) throw new Error(`a page threw:\n${uncaught.join('\n')}`);
  },
});
