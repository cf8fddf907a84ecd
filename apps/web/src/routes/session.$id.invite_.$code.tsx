import { createFileRoute } from '@tanstack/react-router';
import { inviteTargetOf, validateInviteSearch } from '../features/invite/invite-params';
import { InvitePage } from '../features/invite/InvitePage';

/** /session/{id}/invite/{code} (not nested in /session/{id}/invite: the `_` suffix). */
export const Route = createFileRoute('/session/$id/invite_/$code')({
  validateSearch: validateInviteSearch,
  component: InviteCodeRoute,
});

function InviteCodeRoute() {
  const { id, code } = Route.useParams();
  const search = Route.useSearch();
  return <InvitePage target={inviteTargetOf({ id, code }, search)} />;
}
