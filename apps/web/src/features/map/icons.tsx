/** The map controls' icons (inline SVG: no icon font to load, and every glyph exists). */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const MinusIcon = () => (
  <Icon>
    <path d="M5 12h14" />
  </Icon>
);

/** Four corners: show everything. */
export const FitIcon = () => (
  <Icon>
    <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
    <circle cx="12" cy="12" r="2.2" />
  </Icon>
);

/** Arrows outwards: make the map taller. */
export const ExpandIcon = () => (
  <Icon>
    <path d="M12 3v6M9 6l3-3 3 3M12 21v-6M9 18l3 3 3-3M4 12h16" />
  </Icon>
);

/** Arrows inwards: make the map shorter. */
export const CollapseIcon = () => (
  <Icon>
    <path d="M12 3v6M9 6l3 3 3-3M12 21v-6M9 18l3-3 3 3M4 12h16" />
  </Icon>
);
