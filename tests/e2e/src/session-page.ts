// Page helpers for the quick session page /s/{id}, the invite page and the arrival panel: locators
// by role and the spec's exact texts, and the few steps every session test takes.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { METERS_PER_MILE } from '@oneeta/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAppRendered, openApp } from './app.js';

/** doc 2 §2: the arrival panel's title. */
export const PANEL_TITLE = 'Arrival preview for all participants';

/** The arrival panel (a section labelled by its title). */
export function arrivalPanel(page: Page): Locator {
  return page.getByRole('region', { name: PANEL_TITLE, exact: true });
}

/** The panel's entry (row or card) of the participant labelled `label`. */
export function panelEntry(page: Page, label: string): Locator {
  return arrivalPanel(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
}

/** The toasts region ('Notifications'). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications', exact: true });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await toasts(page).getByText(text, { exact: true }).waitFor();
}

/** The arrival panel's travel text: whole minutes, 'H h M min' from an hour (packages/travel formatMinutes). */
export function minutesText(seconds: number): string {
  const minutes = seconds === 0 ? 0 : Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Miles with one decimal, halves up (packages/travel formatMiles; doc 1 §9 1609.344 m a mile). */
export function milesText(meters: number): string {
  return `${(Math.round((meters / METERS_PER_MILE) * 10) / 10).toFixed(1)} mi`;
}

/** 'N min · X.X mi': what a participant's entry shows once the travel worker answered. */
export function routeText(travelTimeSeconds: number, distanceMeters: number): string {
  return `${minutesText(travelTimeSeconds)} · ${milesText(distanceMeters)}`;
}

/** The wall-clock date and time of `instant` in `tzId`: '2026-11-23' and '18:05' (input values). */
export function zonedInputs(instant: Date, tzId: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tzId,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Opens /s/{id} and waits for the app. */
export async function openSession(page: Page, id: string): Promise<void> {
  await openApp(page, `/s/${id}`);
}

/**
 * Opens the invite link /session/{id}/invite/{code}, waits for Accept, runs `beforeAccept` (a
 * screenshot), presses Accept and waits to land on /s/{id}.
 */
export async function acceptInvite(
  page: Page,
  id: string,
  code: string,
  { beforeAccept }: { beforeAccept?: () => Promise<void> } = {},
): Promise<void> {
  const response = await page.goto(`/session/${id}/invite/${code}`, {
    waitUntil: 'domcontentloaded',
  });
  await expectAppRendered(page, response);
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  await accept.waitFor();
  await beforeAccept?.();
  await accept.click();
  await page.waitForURL((url) => url.pathname === `/s/${id}`, { timeout: 20_000 });
}

/**
 * Marks the document so a later check can tell it was never reloaded: a reload or a full
 * navigation drops the mark.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function expectSameDocument(page: Page, who: string): Promise<void> {
  const marked = await page.evaluate(
    () => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true,
  );
  expect(marked, `${who}'s page updated without a reload`).toBe(true);
}

/**
 * Waits until `locator`'s text contains `text` and answers when that happened (ms since epoch),
 * polling every 50 ms so a deadline is measured closely.
 */
export async function whenText(locator: Locator, text: string, timeout: number): Promise<number> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const content = await locator.textContent({ timeout: 1000 }).catch(() => null);
    const now = Date.now();
    if (content?.includes(text)) return now;
    if (now > deadline)
      throw new Error(`waited ${timeout} ms for '${text}'; the element held: ${content}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The place search form (role=search) whose search box (a combobox) is labelled `label`. */
export function placeSearch(page: Page, label: string): Locator {
  return page
    .getByRole('search')
    .filter({ has: page.getByRole('combobox', { name: label, exact: true }) });
}

/** '47.60621° N, 122.33207° W' → { lat, lon }. */
function parseCoordinates(text: string) {
  const match = /([\d.]+)° ([NS]), ([\d.]+)° ([EW])/.exec(text);
  if (!match) throw new Error(`no coordinates in '${text}'`);
  const [, lat, ns, lon, ew] = match;
  return { lat: Number(lat) * (ns === 'S' ? -1 : 1), lon: Number(lon) * (ew === 'W' ? -1 : 1) };
}

/**
 * Where the pin dropped in the place search labelled `label` is, from its status line 'Pin dropped
 * at 47.60621° N, 122.33207° W.' (the option's address becomes the reverse-geocoded one).
 */
export async function droppedPinAt(page: Page, label: string) {
  const status = placeSearch(page, label).getByRole('status').filter({ hasText: 'Pin dropped at' });
  return parseCoordinates((await status.textContent()) ?? '');
}

/**
 * Searches `query` in the place search labelled `label`, selects the first result whose name
 * starts with `resultName`, and confirms it ('Confirm'); `beforeConfirm` runs while the results
 * and the selection are shown (a screenshot).
 */
export async function pickPlace(
  page: Page,
  {
    label,
    query,
    resultName,
    beforeConfirm,
  }: {
    label: string;
    query: string;
    resultName: string;
    beforeConfirm?: () => Promise<void>;
  },
): Promise<void> {
  const form = placeSearch(page, label);
  await form.getByRole('combobox', { name: label, exact: true }).fill(query);
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  const results = form.getByRole('listbox', { name: 'Search results', exact: true });
  await results
    .getByRole('option', { name: new RegExp(`^${resultName}`) })
    .first()
    .click();
  const confirm = form.getByRole('button', { name: 'Confirm', exact: true });
  await confirm.waitFor();
  await beforeConfirm?.();
  await confirm.click();
  await results.waitFor({ state: 'detached' });
}

/** Waits until the input labelled `label` holds `value`. */
export async function expectInputValue(page: Page, label: string, value: string): Promise<void> {
  await expect
    .poll(() => page.getByLabel(label, { exact: true }).inputValue(), {
      timeout: 15_000,
      message: `the '${label}' field holds '${value}'`,
    })
    .toBe(value);
}

/** Appends 'what: N ms' to artifacts/<test>/timings.txt (how fast the live paths were). */
export function recordTiming(dir: string, what: string, ms: number): void {
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'timings.txt'), `${what}: ${ms} ms\n`);
}

/** The summary card (a section labelled by its heading, the destination's name). */
export function summaryCard(page: Page, destinationName: string): Locator {
  return page.getByRole('region', { name: destinationName, exact: true });
}

/** The value of the summary card's fact `term` ('Participants', 'Status', …). */
export function summaryFact(page: Page, destinationName: string, term: string): Locator {
  return summaryCard(page, destinationName)
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');
}

/** The offline map's drawing (an SVG labelled as the map) and a participant's marker on it. */
export function mapDrawing(page: Page): Locator {
  return page.locator('svg.smap-svg');
}

/** The map frame's height in CSS pixels, rounded. */
export async function mapHeight(page: Page): Promise<number> {
  const box = await page.locator('.smap-frame').boundingBox();
  return box ? Math.round(box.height) : Number.NaN;
}

/** Markers drawn outside the map's drawing (by their ids): none when everyone is in view. */
export async function markersOutside(page: Page): Promise<string[]> {
  const svg = await mapDrawing(page).boundingBox();
  if (!svg) return ['(no map)'];
  const outside: string[] = [];
  for (const marker of await page.locator('.smap-marker').all()) {
    const box = await marker.boundingBox();
    const id = (await marker.getAttribute('data-marker-id')) ?? '?';
    if (!box) outside.push(id);
    else {
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      if (x < svg.x || x > svg.x + svg.width || y < svg.y || y > svg.y + svg.height)
        outside.push(id);
    }
  }
  return outside;
}
