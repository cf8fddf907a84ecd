import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/AuthPage';
import { validateAuthSearch } from '../features/auth/search';

export const Route = createFileRoute('/auth')({
  validateSearch: validateAuthSearch,
  component: AuthRoute,
});

function AuthRoute() {
  const search = Route.useSearch();
  return <AuthPage search={search} />;
}
