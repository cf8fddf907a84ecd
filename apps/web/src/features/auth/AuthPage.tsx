import { MESSAGES, type AuthResponse } from '@oneeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { login, register } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { safeNextPath } from '../../lib/next-path';
import { canSubmitLogin, checkRegister } from '../../lib/password';
import { UI } from '../../text';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { PasswordRules } from './PasswordRules';
import { authMode, type AuthSearch } from './search';
import { nameLimitHint } from '../../lib/name-limit';

type Mode = 'login' | 'register';

interface FormValues {
  email: string;
  password: string;
  confirm: string;
  name: string;
}

/** Sign in and register (doc 1 §2 "Auth page", §5 "Register"), and asking for a new password. */
export function AuthPage({ search }: { search: AuthSearch }) {
  const state = useRouterState({ select: (s) => s.location.state });
  const mode = authMode(search, state);
  if (mode === 'forgot') return <ForgotPasswordForm search={search} />;
  return <SignInOrRegister search={search} mode={mode} />;
}

function SignInOrRegister({ search, mode }: { search: AuthSearch; mode: Mode }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const next = safeNextPath(search.next);
  useDocumentTitle(mode === 'register' ? UI.registerTitle : UI.signInTitle);

  const [values, setValues] = useState<FormValues>({
    email: search.inviteEmail ?? '',
    password: '',
    confirm: '',
    name: '',
  });
  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = useMutation({
    mutationFn: (): Promise<AuthResponse> =>
      mode === 'register'
        ? register({
            email: values.email.trim(),
            password: values.password,
            name: values.name.trim() || null,
          })
        : login({ email: values.email.trim(), password: values.password }),
    onSuccess: (answer) => {
      auth.signIn(answer);
      void navigate({ href: next, replace: true });
    },
  });

  const [emailTouched, setEmailTouched] = useState(false);
  const registerCheck = checkRegister(values);
  const emailError = mode === 'register' && emailTouched ? registerCheck.emailError : undefined;
  const canSubmit =
    !submit.isPending &&
    (mode === 'register' ? registerCheck.canSubmit : canSubmitLogin(values.email, values.password));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) submit.mutate();
  };

  const titleId = useId();
  const rulesId = useId();
  const otherMode: Mode = mode === 'register' ? 'login' : 'register';
  const fallback = mode === 'register' ? MESSAGES.registerFailed : MESSAGES.loginFailed;

  return (
    <div className="page page-narrow">
      <section className="card auth-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{mode === 'register' ? UI.registerTitle : UI.signInTitle}</h1>
        <form onSubmit={onSubmit} noValidate className="form">
          <TextField
            label={UI.email}
            {...ACCOUNT_INPUTS.email}
            value={values.email}
            onChange={set('email')}
            onBlur={() => setEmailTouched(true)}
            error={emailError}
          />
          <TextField
            label={UI.password}
            {...ACCOUNT_INPUTS.password}
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            value={values.password}
            onChange={set('password')}
            aria-describedby={mode === 'register' ? rulesId : undefined}
          >
            {mode === 'register' && <PasswordRules id={rulesId} password={values.password} />}
          </TextField>
          {mode === 'login' && (
            <p className="auth-forgot">
              <Link
                to="/auth"
                search={(prev) => ({ ...prev, mode: 'forgot' })}
                className="link"
                onClick={() => submit.reset()}
              >
                {UI.forgotPassword}
              </Link>
            </p>
          )}

          {mode === 'register' && (
            <>
              <TextField
                label={UI.confirmPassword}
                {...ACCOUNT_INPUTS.confirm}
                value={values.confirm}
                onChange={set('confirm')}
                error={registerCheck.confirmError}
                errorRole="alert"
              />
              <TextField
                label={UI.nameOptional}
                {...ACCOUNT_INPUTS.name}
                value={values.name}
                onChange={set('name')}
                hint={nameLimitHint(values.name)}
              />
            </>
          )}

          {submit.isError && (
            <p className="notice notice-error" role="alert">
              {errorMessage(submit.error, fallback)}
            </p>
          )}

          <button type="submit" className="btn btn-primary btn-block" disabled={!canSubmit}>
            {submit.isPending
              ? UI.working
              : mode === 'register'
                ? UI.registerSubmit
                : UI.signInSubmit}
          </button>
        </form>
        <p className="auth-switch">
          {mode === 'register' ? UI.haveAccount : UI.noAccount}{' '}
          <Link
            to="/auth"
            search={(prev) => ({ ...prev, mode: otherMode })}
            replace
            className="link"
            onClick={() => submit.reset()}
          >
            {mode === 'register' ? UI.signInInstead : UI.createAccount}
          </Link>
        </p>
      </section>
    </div>
  );
}
