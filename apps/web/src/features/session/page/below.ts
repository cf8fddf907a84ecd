/**
 * What the session page renders below its first screen: the map, the details form, the travel
 * preview, 'Where should we meet?', the arrival panel, the invites and the owner's tools. One lazy chunk of its own
 * ('session-below' in vite.config.ts), asked for once the first screen (alerts, the viewer's card,
 * the summary) is painted: that screen's scripts are that much smaller, on a phone's network
 * (issue 13). Nothing the first screen renders may import from here.
 */
export { ArrivalPanel } from '../../arrival-panel/ArrivalPanel';
export { DetailsForm } from '../editor/DetailsForm';
export { DraftInvitesCard, InvitesCard } from '../invites/InvitesCard';
export { MapSlot } from './MapSlot';
export { OwnerTools } from '../owner/OwnerTools';
export { SuggestPanel } from '../suggest/SuggestPanel';
export { TravelPreviewCard } from '../travel/TravelPreviewCard';
