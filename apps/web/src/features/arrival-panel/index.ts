// The arrival panel ('Arrival preview for all participants', doc 2 §2).
export { ArrivalPanel, type ArrivalPanelProps, type MapAction } from './ArrivalPanel';
export { useParticipantActions, type ParticipantActions } from './use-participant-actions';
export { buildEntries, type PanelEntry } from './entries';
export { PANEL_SPEC, PANEL_TOASTS } from './texts';
