import { createFileRoute } from '@tanstack/react-router';
import { PortalPage } from '../features/billing/PortalPage';

/** /billing/portal: the local provider's billing portal (issue 18). */
export const Route = createFileRoute('/billing/portal')({ component: PortalPage });
