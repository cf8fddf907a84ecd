import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/billing/CheckoutPage';

/** /billing/checkout/{id}: the local provider's test-mode checkout (issue 18). */
export const Route = createFileRoute('/billing/checkout/$id')({ component: CheckoutRoute });

function CheckoutRoute() {
  const { id } = Route.useParams();
  return <CheckoutPage id={id} />;
}
