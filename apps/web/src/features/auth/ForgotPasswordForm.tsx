import { isEmailAddress, MESSAGES } from '@oneeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_CALL_ERRORS, forgotPassword } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { UI } from '../../text';
import type { AuthSearch } from './search';

/**
 * /auth?mode=forgot: the account's e-mail, and the server's neutral answer (the same whether or not
 * an account uses the address).
 */
export function ForgotPasswordForm({ search }: { search: AuthSearch }) {
  useDocumentTitle(UI.forgotTitle);
  const titleId = useId();
  const [email, setEmail] = useState(search.inviteEmail ?? '');
  const [touched, setTouched] = useState(false);
  const valid = isEmailAddress(email);
  const emailError = touched && email.trim() && !valid ? MESSAGES.emailInvalid : undefined;
  const send = useMutation({ mutationFn: () => forgotPassword({ email: email.trim() }) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid && !send.isPending) send.mutate();
  };

  return (
    <div className="page page-narrow">
      <section className="card auth-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{UI.forgotTitle}</h1>
        {send.isSuccess ? (
          <>
            <p className="notice notice-info" role="status">
              {send.data.message}
            </p>
            <p className="muted">{UI.forgotSentHint}</p>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="form">
            <p className="muted auth-lead">{UI.forgotLead}</p>
            <TextField
              label={UI.email}
              {...ACCOUNT_INPUTS.email}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => setTouched(true)}
              error={emailError}
            />
            {send.isError && (
              <p className="notice notice-error" role="alert">
                {errorMessage(send.error, ACCOUNT_CALL_ERRORS.forgotFailed)}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={!valid || send.isPending}
            >
              {send.isPending ? UI.working : UI.forgotSubmit}
            </button>
          </form>
        )}
        <p className="auth-switch">
          <Link to="/auth" search={(prev) => ({ ...prev, mode: 'login' })} replace className="link">
            {UI.backToSignIn}
          </Link>
        </p>
      </section>
    </div>
  );
}
