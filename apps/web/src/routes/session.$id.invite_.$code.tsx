import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../features/invite/InvitePage';

/** /session/{id}/invite/{code} (not nested in /session/{id}/invite: the `_` suffix). */
export const Route = createFileRoute('/session/$id/invite_/$code')({ component: InviteCodeRoute });

function InviteCodeRoute() {
  const { id, code } = Route.useParams();
  return <InvitePage sessionId={id} code={code} />;
}
