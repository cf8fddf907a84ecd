/** The map controls' icons: 20 px with a bolder stroke than the app shell's. */
import { iconSet, PLUS_GLYPH } from '../../components/Icon';

const mapIcon = iconSet({ size: '20', strokeWidth: '2.2' });

export const PlusIcon = mapIcon(PLUS_GLYPH);

export const MinusIcon = mapIcon(<path d="M5 12h14" />);

/** Four corners: show everything. */
export const FitIcon = mapIcon(
  <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />,
  <circle cx="12" cy="12" r="2.2" />,
);

/** Arrows outwards: make the map taller. */
export const ExpandIcon = mapIcon(<path d="M12 3v6M9 6l3-3 3 3M12 21v-6M9 18l3 3 3-3M4 12h16" />);

/** Arrows inwards: make the map shorter. */
export const CollapseIcon = mapIcon(<path d="M12 3v6M9 6l3 3 3-3M12 21v-6M9 18l3-3 3 3M4 12h16" />);
