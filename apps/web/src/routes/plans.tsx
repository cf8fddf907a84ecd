import { createFileRoute } from '@tanstack/react-router';
import { validatePlansSearch } from '../features/plans/checkout-return';
import { PlansPage } from '../features/plans/PlansPage';

/** /plans, and /plans?checkout=success|cancelled on the way back from a checkout (issue 18). */
export const Route = createFileRoute('/plans')({
  validateSearch: validatePlansSearch,
  component: PlansRoute,
});

function PlansRoute() {
  const { checkout } = Route.useSearch();
  return <PlansPage checkout={checkout} />;
}
