import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_CALL_ERRORS, deleteAccount, exportMyData, logoutAll } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import type { Auth } from '../../hooks/use-auth';
import { UI } from '../../text';
import { useToast } from '../toast';
import { EXPORT_FILE_NAME, exportFileText, passwordChangeErrorField } from './account';
import { ACCOUNT_TEXT } from './texts';

/** Saves `text` as a file named `name` through a temporary link (the browser's download). */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Sign out on this device, or everywhere (every token of the account ends, this one too). */
export function SignInsSection({ auth }: { auth: Auth }) {
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const signOutEverywhere = async () => {
    if (!window.confirm(ACCOUNT_TEXT.confirmSignOutEverywhere)) return;
    setBusy('everywhere');
    setProblem(null);
    try {
      await logoutAll();
    } catch (error) {
      setBusy(null);
      return setProblem(errorMessage(error, ACCOUNT_CALL_ERRORS.signOutEverywhereFailed));
    }
    auth.forget();
    void navigate({ to: '/auth', search: { mode: 'login' }, replace: true });
    toast.success(ACCOUNT_TEXT.signedOutEverywhere, 6000);
  };

  return (
    <section className="card profile-card profile-account-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{ACCOUNT_TEXT.signInsTitle}</h2>
      <p className="muted">{ACCOUNT_TEXT.signInsBody}</p>
      <div className="profile-row-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => {
            setBusy('here');
            void auth.signOut();
          }}
        >
          {busy === 'here' ? UI.working : ACCOUNT_TEXT.signOut}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => void signOutEverywhere()}
        >
          {busy === 'everywhere' ? UI.working : ACCOUNT_TEXT.signOutEverywhere}
        </button>
      </div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** Download my data: GET /api/auth/me/export saved as oneeta-data.json. */
export function DataSection() {
  const toast = useToast();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      saveFile(EXPORT_FILE_NAME, exportFileText(await exportMyData()));
      toast.success(ACCOUNT_TEXT.downloaded);
    } catch (error) {
      setProblem(errorMessage(error, ACCOUNT_CALL_ERRORS.exportFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card profile-card profile-account-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{ACCOUNT_TEXT.dataTitle}</h2>
      <p className="muted">{ACCOUNT_TEXT.dataBody}</p>
      <div className="profile-row-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? ACCOUNT_TEXT.downloading : ACCOUNT_TEXT.download}
        </button>
      </div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The danger zone: delete the account, with the password; then signed out at '/'. */
export function DeleteAccountSection({ auth }: { auth: Auth }) {
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'current' | 'form'; message: string } | null>(
    null,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy || !window.confirm(ACCOUNT_TEXT.confirmDelete)) return;
    setBusy(true);
    setProblem(null);
    try {
      await deleteAccount({ password });
    } catch (error) {
      setBusy(false);
      const message = errorMessage(error, ACCOUNT_CALL_ERRORS.deleteFailed);
      return setProblem({ field: passwordChangeErrorField(message), message });
    }
    auth.forget();
    void navigate({ to: '/', replace: true });
    toast.success(ACCOUNT_TEXT.accountDeleted, 6000);
  };

  return (
    <section className="card profile-card profile-danger-zone" aria-labelledby={titleId}>
      <h2 id={titleId}>{ACCOUNT_TEXT.dangerTitle}</h2>
      <p>{ACCOUNT_TEXT.dangerLead}</p>
      <ul className="profile-danger-list">
        {ACCOUNT_TEXT.dangerConsequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="muted">{ACCOUNT_TEXT.dangerExport}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={ACCOUNT_TEXT.deletePasswordLabel}
          {...ACCOUNT_INPUTS.password}
          name="delete-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem?.field === 'current' ? problem.message : undefined}
          errorRole="alert"
        />
        {problem?.field === 'form' && (
          <p className="notice notice-error" role="alert">
            {problem.message}
          </p>
        )}
        <div className="profile-row-actions">
          <button
            type="submit"
            className="btn profile-btn-danger"
            disabled={busy || password.length === 0}
          >
            {busy ? ACCOUNT_TEXT.deleting : ACCOUNT_TEXT.deleteAccount}
          </button>
        </div>
      </form>
    </section>
  );
}
