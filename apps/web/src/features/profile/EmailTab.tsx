import type { AuthResponse, User } from '@oneeta/contracts';
import { useState, type FormEvent } from 'react';
import { resendVerification, updateMe } from '../../api';
import { errorMessage, isApiError } from '../../api/client';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import { useToast } from '../toast';
import { checkEmailChange, emailChangeErrorField } from './email';
import { EMAIL_TEXT, PROFILE_TEXT } from './texts';

type Problem = { field: 'email' | 'password'; message: string };

/**
 * The e-mail tab (doc 1 §2): the account address, whether it is verified (with a new link on
 * request), and changing it, which needs the current password and sends a link to the new address.
 */
export function EmailTab({
  user,
  onSaved,
}: {
  user: User;
  onSaved: (answer: AuthResponse) => void;
}) {
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const resend = async () => {
    setSending(true);
    setSendProblem(null);
    try {
      const { sentTo } = await resendVerification();
      toast.success(EMAIL_TEXT.resent(sentTo));
    } catch (error) {
      setSendProblem(errorMessage(error, EMAIL_TEXT.resendFailed));
    } finally {
      setSending(false);
    }
  };

  const change = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEmailChange(email, password, user.email);
    if (!checked.ok) return setProblem({ field: checked.field, message: checked.message });
    setProblem(null);
    setSaving(true);
    try {
      const answer = await updateMe(checked.body);
      setEmail('');
      setPassword('');
      onSaved(answer);
      toast.success(EMAIL_TEXT.changed(answer.user.email));
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      setProblem({
        field: emailChangeErrorField(code),
        message: errorMessage(error, EMAIL_TEXT.updateFailed),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="profile-panel-body">
      <dl className="facts profile-email-facts">
        <div>
          <dt>{EMAIL_TEXT.accountEmail}</dt>
          <dd className="profile-email">
            {user.email}{' '}
            <span className="badge" data-status={user.emailVerified ? 'open' : undefined}>
              {user.emailVerified ? EMAIL_TEXT.verified : EMAIL_TEXT.unverified}
            </span>
          </dd>
        </div>
      </dl>
      {!user.emailVerified && (
        <div className="profile-email-verify">
          <p className="muted">{EMAIL_TEXT.unverifiedHint}</p>
          <div className="profile-row-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={sending}
              onClick={() => void resend()}
            >
              {sending ? EMAIL_TEXT.resending : EMAIL_TEXT.resend}
            </button>
          </div>
          {sendProblem && (
            <p className="notice notice-error" role="alert">
              {sendProblem}
            </p>
          )}
        </div>
      )}
      <p>{EMAIL_TEXT.invites}</p>
      <p>{EMAIL_TEXT.notifications}</p>

      <form className="form profile-email-form" noValidate onSubmit={(event) => void change(event)}>
        <h2>{EMAIL_TEXT.changeTitle}</h2>
        <TextField
          label={EMAIL_TEXT.newEmailLabel}
          {...ACCOUNT_INPUTS.email}
          name="new-email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem?.field === 'email' ? problem.message : undefined}
          errorRole="alert"
        />
        <TextField
          label={EMAIL_TEXT.currentPasswordLabel}
          {...ACCOUNT_INPUTS.password}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem?.field === 'password' ? problem.message : undefined}
          errorRole="alert"
        />
        <div className="profile-row-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={saving || email.trim() === ''}
          >
            {saving ? PROFILE_TEXT.saving : EMAIL_TEXT.change}
          </button>
        </div>
      </form>
    </div>
  );
}
