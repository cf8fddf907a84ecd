import { COACHMARK_MS, SEARCH_PULSE_MS } from '@oneeta/contracts';
import { useEffect, useState } from 'react';

/**
 * The coachmark 'Start by searching here' and the search box's pulse, each for its own time, on a
 * map whose destination is still to be chosen (`active` when the map first shows).
 */
export function useFirstHints(active: boolean) {
  const [coachmark, setCoachmark] = useState(active);
  const [pulse, setPulse] = useState(active);
  useEffect(() => {
    const coach = window.setTimeout(() => setCoachmark(false), COACHMARK_MS);
    const pulsing = window.setTimeout(() => setPulse(false), SEARCH_PULSE_MS);
    return () => {
      window.clearTimeout(coach);
      window.clearTimeout(pulsing);
    };
  }, []);
  return { coachmark, pulse, dismissCoachmark: () => setCoachmark(false) };
}
