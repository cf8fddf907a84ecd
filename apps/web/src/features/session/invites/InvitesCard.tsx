import type { Session } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { createInvite } from '../../../api/invites';
import { useToast } from '../../toast';
import { TextField } from '../../../components/TextField';
import { NAME_INPUT_LIMIT, nameLimitHint } from '../../../lib/name-limit';
import { inviteErrorText, type DraftInvitee } from './draft-invitees';
import type { DraftInvitees } from './use-draft-invitees';
import { InviteRow } from './InviteRow';
import {
  inviteBeforeSaveNote,
  inviteDeliveryNote,
  invitesCreatedToast,
  useEmailMode,
} from './invite-delivery';
import {
  freePlanInviteNotice,
  inviteFormError,
  inviteLimitReason,
  invitesCounterText,
  invitesUsed,
} from './invite-rules';
import type { LimitsView } from '../editor/save-rules';
import { SESSION_UI } from '../texts';

/**
 * The invite form: name (optional, its limit shown up front) and e-mail; `onInvite` answers an
 * error text, or null when done. `blocked` (the plan's invites are used up) disables it and says why.
 */
function InviteForm({
  onInvite,
  submitLabel,
  blocked,
}: {
  onInvite: (input: DraftInvitee) => Promise<string | null> | string | null;
  submitLabel: string;
  blocked: string | null;
}) {
  const blockedId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const problem = await onInvite({ name, email });
    setBusy(false);
    setError(problem);
    if (!problem) {
      setName('');
      setEmail('');
    }
  };

  return (
    <form
      className="form qs-invite-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field-row">
        <TextField
          label={SESSION_UI.inviteName}
          value={name}
          {...NAME_INPUT_LIMIT}
          hint={nameLimitHint(name)}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={SESSION_UI.inviteEmail}
          type="email"
          value={email}
          autoComplete="off"
          error={error ?? undefined}
          errorRole="alert"
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {blocked && (
        <p id={blockedId} className="notice notice-info" role="status">
          {blocked}
        </p>
      )}
      <div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || blocked !== null}
          aria-describedby={blocked ? blockedId : undefined}
        >
          {busy ? SESSION_UI.sending : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Invitees listed before the first save (or whose invite could not be sent yet), with Remove. */
function DraftInviteList({ drafts, note }: { drafts: DraftInvitees; note: string }) {
  if (drafts.list.length === 0) return null;
  return (
    <>
      <p className="muted">{note}</p>
      <ul className="qs-invite-list">
        {drafts.list.map((invitee) => (
          <li key={invitee.email} className="qs-invite">
            <div className="qs-invite-main">
              <strong>{invitee.name || invitee.email}</strong>
              {invitee.name && <span className="muted">{invitee.email}</span>}
              <span className="badge">{SESSION_UI.notSentYet}</span>
            </div>
            <div className="qs-invite-actions">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={drafts.sending}
                onClick={() => drafts.remove(invitee.email)}
              >
                {SESSION_UI.removeInvitee}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function InvitesSection({
  title,
  counter,
  children,
}: {
  title: string;
  counter: string | null;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="card qs-invites" aria-labelledby={titleId}>
      <div className="qs-card-head">
        <h2 id={titleId}>{title}</h2>
        {counter && <span className="muted">{counter}</span>}
      </div>
      {children}
    </section>
  );
}

/**
 * Invites (owner): the pending invites with their codes (copy, link, cancel) and the invite form
 * ('Provide an email', 'Invite limit reached'); why the last invites were not e-mailed (share their
 * links instead); the free plan's 3-participant rule when exceeded; invitees listed before the
 * first save that could not be sent yet, with 'Send now'.
 */
export function InvitesCard({
  session,
  limits,
  drafts,
}: {
  session: Session;
  limits: LimitsView | null | undefined;
  drafts: DraftInvitees;
}) {
  const toast = useToast();
  const emailMode = useEmailMode();
  const queryClient = useQueryClient();
  const used = invitesUsed(session);
  const max = limits?.limits.maxInvitesPerSession ?? null;
  const freeNotice = freePlanInviteNotice(limits?.plan, used, max);
  const pending = session.invites.filter((i) => i.pending);

  const invite = async (input: DraftInvitee) => {
    const problem = inviteFormError({ email: input.email, used, max });
    if (problem) return problem;
    let answer;
    try {
      answer = await createInvite(session.sessionId, {
        name: input.name.trim(),
        email: input.email.trim(),
      });
    } catch (error) {
      return inviteErrorText(error);
    }
    drafts.reportDelivery([answer]);
    toast.success(invitesCreatedToast(answer.emailSent ? emailMode : undefined, 1));
    void queryClient.invalidateQueries({ queryKey: queryKeys.session(session.sessionId) });
    return null;
  };

  return (
    <InvitesSection title={SESSION_UI.invitesTitle} counter={invitesCounterText(used, max)}>
      <p className="muted">{inviteDeliveryNote(emailMode)}</p>
      {drafts.emailNotice && (
        <p className="notice notice-info" role="status">
          {drafts.emailNotice}
        </p>
      )}
      {pending.length === 0 ? (
        <p className="muted">{SESSION_UI.noInvites}</p>
      ) : (
        <ul className="qs-invite-list">
          {pending.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              sessionId={session.sessionId}
              destinationName={session.destination?.name ?? null}
            />
          ))}
        </ul>
      )}
      <DraftInviteList drafts={drafts} note={SESSION_UI.notCreatedInvitees} />
      {drafts.list.length > 0 && (
        <div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={drafts.sending}
            onClick={() => void drafts.sendAll()}
          >
            {drafts.sending ? SESSION_UI.sending : SESSION_UI.sendNow}
          </button>
        </div>
      )}
      {freeNotice && <p className="notice notice-error">{freeNotice}</p>}
      <InviteForm
        onInvite={invite}
        submitLabel={SESSION_UI.sendInvite}
        blocked={inviteLimitReason(used, max)}
      />
    </InvitesSection>
  );
}

/** Before the first save: people are listed here and invited when the save creates the session. */
export function DraftInvitesCard({
  drafts,
  limits,
}: {
  drafts: DraftInvitees;
  limits: LimitsView | null | undefined;
}) {
  const max = limits?.limits.maxInvitesPerSession ?? null;
  const used = drafts.list.length;
  const emailMode = useEmailMode();
  return (
    <InvitesSection title={SESSION_UI.invitesTitle} counter={invitesCounterText(used, max)}>
      {used === 0 ? (
        <p className="muted">{inviteBeforeSaveNote(emailMode)}</p>
      ) : (
        <DraftInviteList drafts={drafts} note={SESSION_UI.invitedOnSave} />
      )}
      <InviteForm
        onInvite={(input) => drafts.add(input, max)}
        submitLabel={SESSION_UI.addInvitee}
        blocked={inviteLimitReason(used, max)}
      />
    </InvitesSection>
  );
}
