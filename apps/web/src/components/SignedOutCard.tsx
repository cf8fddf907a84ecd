import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SPEC } from '../text';

interface SignedOutCardProps {
  title: string;
  text: string;
  /** Where signing in comes back to; without it the link opens the sign-in page as it is. */
  next?: string;
  signInLabel?: string;
  /** More buttons after 'Sign in', in the same row. */
  children?: ReactNode;
  /** The buttons without the actions row around them (the admin page's card). */
  bare?: boolean;
}

/** What a page for signed-in users shows a signed-out visitor: its title, why, and 'Sign in'. */
export function SignedOutCard({
  title,
  text,
  next,
  signInLabel = SPEC.signInNav,
  children,
  bare,
}: SignedOutCardProps) {
  const actions = (
    <>
      <Link
        to="/auth"
        search={next ? { mode: 'login', next } : undefined}
        className="btn btn-primary"
      >
        {signInLabel}
      </Link>
      {children}
    </>
  );
  return (
    <div className="page page-narrow">
      <section className="card center-card">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        {bare ? actions : <div className="actions">{actions}</div>}
      </section>
    </div>
  );
}
