import type { VerifyEmailResponse } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { verifyEmail } from '../../api';
import { errorMessage } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { VERIFY_TEXT } from './texts';
import './profile.css';

type State =
  { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

/**
 * /verify-email?token=… (the link e-mailed by auth): posts the token once, shows the outcome, and
 * stores the fresh token and user when the answer carries them (signed in as that account).
 */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  useDocumentTitle(VERIFY_TEXT.title);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(
    token ? { status: 'working' } : { status: 'failed', message: VERIFY_TEXT.missingToken },
  );
  const posted = useRef<string | null>(null);
  const { signIn } = auth;

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    verifyEmail(token).then(
      (answer: VerifyEmailResponse) => {
        if (answer.token && answer.user) signIn({ token: answer.token, user: answer.user });
        else void queryClient.invalidateQueries({ queryKey: queryKeys.meRoot });
        setState({ status: 'done', email: answer.email });
      },
      (error: unknown) =>
        setState({ status: 'failed', message: errorMessage(error, VERIFY_TEXT.failed) }),
    );
  }, [token, signIn, queryClient]);

  return (
    <div className="page page-narrow">
      <section className="card" aria-live="polite">
        <h1>{state.status === 'failed' ? VERIFY_TEXT.failedTitle : VERIFY_TEXT.title}</h1>
        {state.status === 'working' && <p className="muted">{VERIFY_TEXT.working}</p>}
        {state.status === 'done' && (
          <p className="notice notice-info" role="status">
            {VERIFY_TEXT.done(state.email)}
          </p>
        )}
        {state.status === 'failed' && (
          <>
            <p className="notice notice-error" role="alert">
              {state.message}
            </p>
            <p>{VERIFY_TEXT.newLinkHint}</p>
          </>
        )}
        {state.status !== 'working' && (
          <p>
            <Link to={auth.status === 'signed-out' ? '/' : '/profile'} className="link">
              {auth.status === 'signed-out' ? VERIFY_TEXT.toHome : VERIFY_TEXT.toProfile}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
