import type { AuthResponse } from '@oneeta/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_CALL_ERRORS, changePassword } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import { checkNewPassword } from '../../lib/password';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useToast } from '../toast';
import { canChangePassword, passwordChangeErrorField } from './account';
import { ACCOUNT_TEXT, PROFILE_TEXT } from './texts';

type Problem = { field: 'current' | 'form'; message: string };

/**
 * Change password: the current one, a new one meeting the register rules, and its confirmation.
 * The answer's new token is stored (this device stays signed in; every other sign-in ended).
 */
export function PasswordForm({ onChanged }: { onChanged: (answer: AuthResponse) => void }) {
  const toast = useToast();
  const titleId = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const check = checkNewPassword({ password, confirm });
  const canSubmit = !saving && canChangePassword(current, check.canSubmit);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setProblem(null);
    setSaving(true);
    try {
      const answer = await changePassword({ currentPassword: current, password });
      setCurrent('');
      setPassword('');
      setConfirm('');
      onChanged(answer);
      toast.success(ACCOUNT_TEXT.passwordChanged, 6000);
    } catch (error) {
      const message = errorMessage(error, ACCOUNT_CALL_ERRORS.changePasswordFailed);
      setProblem({ field: passwordChangeErrorField(message), message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="form profile-password-form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={titleId}>{ACCOUNT_TEXT.passwordTitle}</h2>
      <p className="muted">{ACCOUNT_TEXT.changePasswordHint}</p>
      <TextField
        label={ACCOUNT_TEXT.currentPasswordLabel}
        {...ACCOUNT_INPUTS.password}
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={problem?.field === 'current' ? problem.message : undefined}
        errorRole="alert"
      />
      <NewPasswordFields
        name="new-password"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      {problem?.field === 'form' && (
        <p className="notice notice-error" role="alert">
          {problem.message}
        </p>
      )}
      <div className="profile-row-actions">
        <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
          {saving ? PROFILE_TEXT.saving : ACCOUNT_TEXT.changePassword}
        </button>
      </div>
    </form>
  );
}
