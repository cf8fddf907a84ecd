import { SESSION_SEARCH_RESULTS_LIMIT } from '@oneeta/contracts';
import { useEffect, useRef } from 'react';
import { SessionMap, type MapFocus, type MapMarker, type SelectedPlace } from '../../map';
import { SESSION_SPEC, SESSION_UI } from '../texts';

export interface MapSlotProps {
  sessionId?: string;
  destination: { lat: number; lon: number; name: string } | null;
  markers: MapMarker[];
  readonly: boolean;
  near: { lat: number; lon: number } | null;
  onPlaceConfirmed?: (place: SelectedPlace) => void;
  focus: MapFocus | null;
  narrow: boolean;
  hidden: boolean;
  onToggle: () => void;
  /** A short line on where the position comes from ('Using your last known location', …). */
  locationNote: string | null;
}

/** The map column: the map with place search, and on narrow screens Hide map / 'Show map'. */
export function MapSlot(props: MapSlotProps) {
  const hidden = props.narrow && props.hidden;
  const frame = useRef<HTMLDivElement>(null);
  // A panel's 'Center on map' or 'Find on map' is asked from below the map: bring the map into view.
  const focusKey = props.focus?.key ?? null;
  useEffect(() => {
    if (focusKey === null) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    frame.current?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [focusKey]);
  return (
    <div className="qs-map">
      {(props.narrow || props.locationNote) && (
        <div className="qs-map-bar">
          {props.locationNote ? <p className="qs-location-note">{props.locationNote}</p> : <span />}
          {props.narrow && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-pressed={!hidden}
              onClick={props.onToggle}
            >
              {hidden ? SESSION_SPEC.showMap : SESSION_UI.hideMap}
            </button>
          )}
        </div>
      )}
      <div ref={frame} className="qs-map-frame" data-hidden={hidden || undefined}>
        <SessionMap
          destination={props.destination}
          markers={props.markers}
          readonly={props.readonly}
          {...(props.sessionId ? { sessionId: props.sessionId } : {})}
          near={props.near}
          searchLimit={SESSION_SEARCH_RESULTS_LIMIT}
          {...(props.onPlaceConfirmed ? { onPlaceConfirmed: props.onPlaceConfirmed } : {})}
          focus={props.focus}
          hidden={hidden}
        />
      </div>
    </div>
  );
}
