import { createFileRoute } from '@tanstack/react-router';
import { validateVerifySearch } from '../features/profile/verify-search';
import { VerifyEmailPage } from '../features/profile/VerifyEmailPage';

export const Route = createFileRoute('/verify-email')({
  validateSearch: validateVerifySearch,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
