import { createFileRoute } from '@tanstack/react-router';
import { SessionPage } from '../features/session/SessionPage';

export const Route = createFileRoute('/s/$id')({ component: SessionRoute });

function SessionRoute() {
  const { id } = Route.useParams();
  return <SessionPage key={id} id={id} />;
}
