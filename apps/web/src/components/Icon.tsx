import { createElement, type ReactElement } from 'react';

/** How one set of icons is drawn: rendered size and stroke width (SVG attribute text), and a class. */
export interface IconStyle {
  size: string;
  strokeWidth: string;
  className?: string;
}

/**
 * Returns a maker of icon components in `style`. Each icon is inline SVG (no icon font to load, and
 * every glyph exists) on a 24×24 view box, stroked in currentColor, and decorative, so hidden from
 * assistive tech; the maker takes the icon's shapes.
 */
export function iconSet({ size, strokeWidth, className }: IconStyle) {
  const svg = {
    className,
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  } as const;
  return (...glyph: ReactElement[]) =>
    function Icon() {
      return createElement('svg', svg, ...glyph);
    };
}

/** A plus, drawn by both the app shell and the map controls. */
export const PLUS_GLYPH = <path d="M12 5v14M5 12h14" />;
