import { MESSAGES } from '@oneeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_CALL_ERRORS, resetPassword } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { DEFAULT_NEXT } from '../../lib/next-path';
import { checkNewPassword } from '../../lib/password';
import { UI } from '../../text';
import { NewPasswordFields } from './NewPasswordFields';
import { isResetLinkRefused } from './reset';

/**
 * /auth/reset?token=… (the e-mailed link): a new password and its confirmation; on success signed
 * in and taken where signing in goes. A used, expired or unknown link says so and offers a new one.
 */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  useDocumentTitle(UI.resetTitle);
  const auth = useAuth();
  const navigate = useNavigate();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const check = checkNewPassword({ password, confirm });
  const reset = useMutation({
    mutationFn: (link: string) => resetPassword({ token: link, password }),
    onSuccess: (answer) => {
      auth.signIn(answer);
      void navigate({ href: DEFAULT_NEXT, replace: true });
    },
  });
  const refused = !token || (reset.isError && isResetLinkRefused(reset.error));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (token && check.canSubmit && !reset.isPending) reset.mutate(token);
  };

  if (refused) {
    return (
      <div className="page page-narrow">
        <section className="card auth-card" aria-labelledby={titleId}>
          <h1 id={titleId}>{UI.resetInvalidTitle}</h1>
          <p className="notice notice-error" role="alert">
            {token
              ? errorMessage(reset.error, MESSAGES.passwordResetInvalid)
              : MESSAGES.passwordResetInvalid}
          </p>
          <div className="actions">
            <Link to="/auth" search={{ mode: 'forgot' }} className="btn btn-primary">
              {UI.askNewLink}
            </Link>
            <Link to="/auth" search={{ mode: 'login' }} className="btn btn-secondary">
              {UI.backToSignIn}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <section className="card auth-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{UI.resetTitle}</h1>
        <form onSubmit={onSubmit} noValidate className="form">
          <p className="muted auth-lead">{UI.resetLead}</p>
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          {reset.isError && (
            <p className="notice notice-error" role="alert">
              {errorMessage(reset.error, ACCOUNT_CALL_ERRORS.resetFailed)}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={!check.canSubmit || reset.isPending}
          >
            {reset.isPending ? UI.working : UI.resetSubmit}
          </button>
        </form>
      </section>
    </div>
  );
}
