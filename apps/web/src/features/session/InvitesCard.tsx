import { format, type Invite, type Session } from '@oneeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { cancelInvite, createInvite } from '../../api/sessions';
import { useToast } from '../toast';
import { copyText } from './clipboard';
import { freePlanInviteNotice, inviteFormError, inviteHref, invitesUsed } from './invite-rules';
import type { LimitsView } from './save-rules';
import { serverText } from './save-rules';
import { SESSION_SPEC, SESSION_UI } from './texts';

function InviteRow({ invite, sessionId }: { invite: Invite; sessionId: string }) {
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
  const copy = async () => {
    if (invite.code && (await copyText(invite.code))) toast.success(SESSION_SPEC.inviteCodeCopied);
    else toast.error(SESSION_SPEC.couldNotCopy);
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
        {invite.code && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
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

/**
 * Invites (owner): the pending invites with their codes (copy, link, cancel) and the invite form
 * ('Provide an email', 'Invite limit reached'); the free plan's 3-participant rule when exceeded.
 */
export function InvitesCard({
  session,
  limits,
}: {
  session: Session;
  limits: LimitsView | null | undefined;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const used = invitesUsed(session);
  const max = limits?.limits.maxInvitesPerSession ?? null;
  const freeNotice = freePlanInviteNotice(limits?.plan, used, max);
  const pending = session.invites.filter((i) => i.pending);

  const send = useMutation({
    mutationFn: () => createInvite(session.sessionId, { name: name.trim(), email: email.trim() }),
    onSuccess: () => {
      setName('');
      setEmail('');
      setError(null);
      toast.success(SESSION_UI.inviteSent);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session(session.sessionId) });
    },
    onError: (e) =>
      setError(
        isApiError(e, 0)
          ? SESSION_SPEC.couldNotSendInvite
          : (serverText(e) ?? SESSION_SPEC.inviteFailed),
      ),
  });

  const submit = () => {
    const problem = inviteFormError({ email, used, max });
    setError(problem);
    if (!problem) send.mutate();
  };

  return (
    <section className="card qs-invites" aria-labelledby={`${formId}-title`}>
      <div className="qs-card-head">
        <h2 id={`${formId}-title`}>{SESSION_UI.invitesTitle}</h2>
        {max !== null && (
          <span className="muted">{format(SESSION_UI.invitesUsed, { used, max })}</span>
        )}
      </div>
      {pending.length === 0 ? (
        <p className="muted">{SESSION_UI.noInvites}</p>
      ) : (
        <ul className="qs-invite-list">
          {pending.map((invite) => (
            <InviteRow key={invite.id} invite={invite} sessionId={session.sessionId} />
          ))}
        </ul>
      )}
      {freeNotice && <p className="notice notice-error">{freeNotice}</p>}
      <form
        className="form qs-invite-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${formId}-name`}>{SESSION_UI.inviteName}</label>
            <input
              id={`${formId}-name`}
              value={name}
              maxLength={80}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-email`}>{SESSION_UI.inviteEmail}</label>
            <input
              id={`${formId}-email`}
              type="email"
              value={email}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${formId}-error` : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
        </div>
        {error && (
          <p id={`${formId}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? SESSION_UI.sending : SESSION_UI.sendInvite}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Before the first save there is nothing to invite to yet. */
export function InvitesPlaceholder() {
  return (
    <section className="card qs-invites" aria-labelledby="qs-invites-new">
      <h2 id="qs-invites-new">{SESSION_UI.invitesTitle}</h2>
      <p className="muted">{SESSION_UI.saveBeforeInviting}</p>
    </section>
  );
}
