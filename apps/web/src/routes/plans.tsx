import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../features/plans/PlansPage';

export const Route = createFileRoute('/plans')({ component: PlansPage });
