// The communication widget (issue 16), loaded lazily by the session page: nothing here is in the
// entry (vite.config's 'app' group leaves features/chat and api/communication.ts out).
import { lazy } from 'react';

export const LazyCommunicationWidget = lazy(() => import('./CommunicationWidget'));
export type { CommunicationWidgetProps } from './CommunicationWidget';
