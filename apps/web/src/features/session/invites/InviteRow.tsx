import type { Invite } from '@oneeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { cancelInvite } from '../../../api/invites';
import { useToast } from '../../toast';
import { copyText } from '../clipboard';
import {
  canShareLink,
  inviteHref,
  inviteLinkOf,
  inviteShareData,
  shareWasCancelled,
} from './invite-rules';
import { serverText } from '../editor/save-rules';
import { SESSION_SPEC, SESSION_UI } from '../texts';

/**
 * One pending invite in the owner's invites card. No e-mail is sent yet (the notification service
 * comes later), so the link is what reaches the invitee: 'Copy invite link', and the browser's own
 * share sheet where it has one; the code can be copied too; 'Cancel invite'.
 */
export function InviteRow({
  invite,
  sessionId,
  destinationName,
}: {
  invite: Invite;
  sessionId: string;
  destinationName: string | null;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelInvite(sessionId, invite.id),
    onSuccess: () => {
      toast.success(SESSION_SPEC.inviteCancelled);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
    },
    onError: (error) => toast.error(serverText(error) ?? SESSION_SPEC.couldNotCancelInvite),
  });
  const link = invite.code ? inviteLinkOf(window.location.origin, sessionId, invite.code) : null;
  const shareData = link ? inviteShareData({ url: link, destinationName }) : null;
  const shareable = shareData !== null && canShareLink(navigator, shareData);

  const copyCode = async () => {
    if (invite.code && (await copyText(invite.code))) toast.success(SESSION_SPEC.inviteCodeCopied);
    else toast.error(SESSION_SPEC.couldNotCopy);
  };
  const copyLink = async () => {
    if (link && (await copyText(link))) toast.success(SESSION_UI.inviteLinkCopied);
    else toast.error(SESSION_SPEC.couldNotCopy);
  };
  const share = async () => {
    if (!shareData) return;
    try {
      await navigator.share(shareData);
    } catch (error) {
      if (!shareWasCancelled(error)) toast.error(SESSION_UI.couldNotShare);
    }
  };

  const who = invite.name || invite.email || invite.id;
  return (
    <li className="qs-invite">
      <div className="qs-invite-main">
        <strong>{who}</strong>
        {invite.email && invite.email !== who && <span className="muted">{invite.email}</span>}
        <span className="badge">{SESSION_UI.pending}</span>
      </div>
      {invite.code && (
        <p className="qs-invite-code">
          <span className="muted">{SESSION_UI.inviteCode}</span> <code>{invite.code}</code>{' '}
          <a className="link" href={inviteHref(sessionId, invite.code)}>
            {SESSION_UI.inviteLink}
          </a>
        </p>
      )}
      <div className="qs-invite-actions">
        {link && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void copyLink()}
          >
            {SESSION_UI.copyInviteLink}
          </button>
        )}
        {shareable && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void share()}>
            {SESSION_UI.shareInviteLink}
          </button>
        )}
        {invite.code && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copyCode()}>
            {SESSION_UI.copyInviteCode}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {SESSION_UI.cancelInvite}
        </button>
      </div>
    </li>
  );
}
