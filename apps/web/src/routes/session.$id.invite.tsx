import { createFileRoute } from '@tanstack/react-router';
import { inviteTargetOf, validateInviteSearch } from '../features/invite/invite-params';
import { InvitePage } from '../features/invite/InvitePage';

/**
 * /session/{id}/invite: the code comes from the query (invite, code, invitationCode, inviteCode);
 * the session id from the path, else session, sessionId or id.
 */
export const Route = createFileRoute('/session/$id/invite')({
  validateSearch: validateInviteSearch,
  component: InviteQueryRoute,
});

function InviteQueryRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  return <InvitePage target={inviteTargetOf({ id }, search)} />;
}
