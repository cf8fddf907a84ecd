/**
 * The viewer's own time zone (the browser's), injectable for tests and previews through
 * `ViewerZoneContext`. Leave-by times are shown in it; times in any other zone are labelled.
 */
import { createContext, useContext } from 'react';
import { browserTimeZone } from '../../lib/datetime';

/** null: the browser's zone. */
export const ViewerZoneContext = createContext<string | null>(null);

export function useViewerZone(): string {
  return useContext(ViewerZoneContext) ?? browserTimeZone();
}
