import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { validateResetSearch } from '../features/auth/search';

export const Route = createFileRoute('/auth_/reset')({
  validateSearch: validateResetSearch,
  component: ResetRoute,
});

function ResetRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
