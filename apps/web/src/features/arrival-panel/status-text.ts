import type { StatusKind } from './entries';
import { UI } from '../../text';
import { PANEL_SPEC, PANEL_UI } from './texts';

const TEXTS: Record<StatusKind, string> = {
  invitePending: PANEL_SPEC.invitePending,
  noLocation: PANEL_SPEC.noLocation,
  yourDevice: PANEL_SPEC.yourDevice,
  startingAddress: PANEL_UI.startingAddress,
  routeAvailable: PANEL_SPEC.routeAvailable,
  calculating: PANEL_UI.calculating,
  noDestination: UI.noDestination,
};

/** The status line's words for a status kind. */
export function statusText(kind: StatusKind): string {
  return TEXTS[kind];
}
