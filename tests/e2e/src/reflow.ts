// Reflow (WCAG 1.4.10, issue 34 item 10): at 320 CSS px a page scrolls only up and down. These
// helpers find what sticks out past the viewport's edges, naming each element so a failure says
// what to fix, and screenshot the page at that width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 1.4.10: content reflows at 320 CSS px wide (1280 px at 400 % zoom, a phone at 200 %). */
export const REFLOW = { width: 320, height: 640 } as const;

/** Something drawn outside the viewport or its bordered box: 'p.ap-leave-in "Leave by …" 12→342 px'. */
export interface Offender {
  element: string;
  left: number;
  right: number;
  /** No offending element inside it: the likely cause rather than a victim. */
  innermost: boolean;
}

/**
 * Every visible element whose box reaches past the viewport's left or right edge, or past the
 * sides of the bordered box it sits in (a card, a list item, a button: text running over the
 * border reads as cut off even on screen), and every box other than a table's (or code's) that
 * scrolls sideways inside itself (a row of tabs with one out of sight). Skips what is clipped by
 * a container of its own (a table scrolling inside its wrapper, an ellipsis), what is visually
 * hidden, and popups (absolute or fixed, checked against the viewport only).
 */
export function offenders(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clips = (el: Element) => {
      const { overflowX } = getComputedStyle(el);
      return overflowX !== 'visible';
    };
    const describe = (el: Element) => {
      const tag = el.tagName.toLowerCase();
      const id = el.id ? `#${el.id}` : '';
      const classes = Array.from(el.classList)
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('');
      const label = el.getAttribute('aria-label');
      const text = (label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
      return `${tag}${id}${classes}${short ? ` "${short}"` : ''}`;
    };
    const found = new Map<Element, { left: number; right: number; note?: string }>();
    type Box = { el: Element; left: number; right: number };
    const bordered = (style: CSSStyleDeclaration) =>
      parseFloat(style.borderLeftWidth) > 0 && parseFloat(style.borderRightWidth) > 0;
    const walk = (el: Element, box: Box | null) => {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') return;
      // Visually hidden text (clip: rect(0 0 0 0), 1 px): never seen, never scrolled to.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return;
      const rect = el.getBoundingClientRect();
      const drawn = rect.width > 0 && rect.height > 0 && Number(style.opacity) > 0;
      const popup = style.position === 'absolute' || style.position === 'fixed';
      const inside = popup ? null : box;
      const where = { left: Math.round(rect.left), right: Math.round(rect.right) };
      if (drawn && (rect.right > width + 0.5 || rect.left < -0.5)) found.set(el, where);
      else if (drawn && inside && (rect.right > inside.right + 1 || rect.left < inside.left - 1))
        found.set(el, { ...where, note: `outside ${describe(inside.el)}` });
      // What a container clips (overflow other than visible) cannot widen the page; only a table
      // (or code) may scroll sideways inside its own box, a row of tabs or text may not.
      if (el !== document.body && el !== document.documentElement && clips(el)) {
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        if (
          drawn &&
          scrolls &&
          el.scrollWidth > el.clientWidth + 1 &&
          !el.querySelector('table, pre')
        )
          found.set(el, {
            ...where,
            note: `scrolls sideways inside itself: ${el.scrollWidth} px in ${el.clientWidth}`,
          });
        return;
      }
      const next = bordered(style) ? { el, left: rect.left, right: rect.right } : inside;
      for (const child of Array.from(el.children)) walk(child, next);
    };
    walk(document.body, null);
    const all = Array.from(found.keys());
    return all.map((el) => {
      const { note, ...where } = found.get(el)!;
      return {
        element: note ? `${describe(el)} (${note})` : describe(el),
        ...where,
        innermost: !all.some((other) => other !== el && el.contains(other)),
      };
    });
  });
}

/** Readable list: the innermost offenders (the causes) first, at most 15 lines. */
export function formatOffenders(list: Offender[]): string {
  const sorted = [...list].sort((a, b) => Number(b.innermost) - Number(a.innermost));
  const lines = sorted
    .slice(0, 15)
    .map((o) => `  ${o.innermost ? '*' : ' '} ${o.element}: ${o.left}→${o.right} px`);
  if (sorted.length > 15) lines.push(`  … and ${sorted.length - 15} more`);
  return lines.join('\n');
}

/** The page's width as the browser scrolls it, and the viewport's. */
export function widths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    innerWidth: window.innerWidth,
  }));
}

const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

/**
 * Screenshots `page` (the screen, and the whole page when taller) into `dir/<name>-320.png`
 * and fails, naming the elements, when anything sticks out sideways or the page scrolls sideways.
 * The page must already be at REFLOW's width.
 */
export async function expectReflow(page: Page, dir: string, name: string): Promise<void> {
  await settle(page);
  const viewport = page.viewportSize();
  expect(viewport?.width, 'the page is at 320 CSS px').toBe(REFLOW.width);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-320.png`), animations: 'disabled' });
  const { scrollY, height } = await page.evaluate(() => ({
    scrollY: window.scrollY,
    height: document.documentElement.scrollHeight,
  }));
  if (height > REFLOW.height) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(dir, `${name}-320-full.png`),
      fullPage: true,
      animations: 'disabled',
    });
    await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  }
  const found = await offenders(page);
  const { scrollWidth, innerWidth } = await widths(page);
  expect(
    found,
    `'${name}' at 320 px: these stick out past the viewport (* = innermost):\n${formatOffenders(found)}\n`,
  ).toEqual([]);
  expect(scrollWidth, `'${name}' at 320 px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}
