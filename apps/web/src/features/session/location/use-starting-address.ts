import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { syncParticipants } from '../../../api/sessions';
import { placePosition } from '../../invite/position';
import type { SelectedPlace } from '../../map';
import { useToast } from '../../toast';
import { LOCATION_UI } from './location-texts';
import type { StartingAddress } from './location-view';

/**
 * A starting address picked by search, for a viewer whose device gives no position (issue 12
 * item 8). In a saved session it moves the viewer's own participant row at once, with the same
 * participant sync the live position uses (PUT /api/sessions/:id/participants); in a new session
 * it is sent with the first save as the creator's participant entry (see useSessionEditor).
 */
export function useStartingAddress(sessionId: string, saved: boolean, meId: string | null) {
  const [start, setStart] = useState<StartingAddress | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  const choose = useCallback(
    (place: SelectedPlace) => {
      const at = placePosition(place);
      if (!at) return;
      setStart({ name: place.name, lat: at.lat, lon: at.lon });
      if (!saved || !meId) return;
      setSaving(true);
      syncParticipants(sessionId, [
        { id: meId, lat: at.lat, lon: at.lon, locationSource: 'address' },
      ])
        .then(async () => {
          await queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
          toast.success(LOCATION_UI.startingAddressSaved);
        })
        .catch((error: unknown) =>
          toast.error(errorMessage(error, LOCATION_UI.startingAddressFailed)),
        )
        .finally(() => setSaving(false));
    },
    [sessionId, saved, meId, queryClient, toast],
  );

  return { start, choose, saving };
}
