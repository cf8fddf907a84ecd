import { SESSION_SEARCH_RESULTS_LIMIT } from '@oneeta/contracts';
import { useId } from 'react';
import { PlaceSearch } from '../../map/PlaceSearch';
import type { LatLon, SelectedPlace } from '../../map/types';
import { searchOrigin } from '../../invite/position';
import { LOCATION_UI } from './location-texts';

/**
 * 'Set a starting address instead': the place search of the invite page's manual address, for a
 * viewer whose device gives no position.
 */
export function StartingAddress({
  sessionId,
  near,
  destination,
  current,
  busy,
  onConfirm,
}: {
  sessionId?: string;
  near: LatLon | null;
  destination: LatLon | null;
  current: string | null;
  busy: boolean;
  onConfirm: (place: SelectedPlace) => void;
}) {
  const titleId = useId();
  return (
    <section className="qs-start" aria-labelledby={titleId}>
      <h3 id={titleId}>{LOCATION_UI.startingAddressTitle}</h3>
      <p className="muted">
        {current ? LOCATION_UI.startingFrom(current) : LOCATION_UI.startingAddressLead}
      </p>
      <PlaceSearch
        limit={SESSION_SEARCH_RESULTS_LIMIT}
        near={searchOrigin(near, destination)}
        {...(sessionId ? { sessionId } : {})}
        readonly={busy}
        onConfirm={onConfirm}
        label={LOCATION_UI.startingAddressLabel}
      />
    </section>
  );
}
