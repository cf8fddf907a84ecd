// The app shell's small icons (22 px, class "icon"); the shared drawing is in components/Icon.
import { iconSet, PLUS_GLYPH } from '../../components/Icon';

const shellIcon = iconSet({ size: '22', strokeWidth: '2', className: 'icon' });

export const HomeIcon = shellIcon(<path d="M3 10.5 12 3l9 7.5" />, <path d="M5 9.5V21h14V9.5" />);

export const SessionsIcon = shellIcon(
  <circle cx="12" cy="10" r="3" />,
  <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />,
);

export const UserIcon = shellIcon(
  <circle cx="12" cy="8" r="4" />,
  <path d="M4 21a8 8 0 0 1 16 0" />,
);

export const SignInIcon = shellIcon(
  <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />,
  <path d="M10 17l5-5-5-5" />,
  <path d="M15 12H3" />,
);

export const MenuIcon = shellIcon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const ChevronIcon = shellIcon(<path d="m6 9 6 6 6-6" />);

export const PlusIcon = shellIcon(PLUS_GLYPH);

/**
 * The '→' after a text link ('Learn about paid plans →'). Decorative: aria-hidden keeps it out of
 * the link's accessible name (CSS ::after content would be part of the name in Chromium).
 */
export const LinkArrow = () => (
  <span className="link-arrow" aria-hidden="true">
    →
  </span>
);
