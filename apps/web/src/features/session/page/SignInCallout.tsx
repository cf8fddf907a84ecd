import { EXIT_ANIMATION_MS, SIGN_IN_CALLOUT_MS } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SPEC } from '../../../text';
import { SESSION_UI } from '../texts';

type Phase = 'shown' | 'leaving' | 'gone';

/**
 * The sign-in callout for guests: it dismisses itself after SIGN_IN_CALLOUT_MS (4.5 s), leaving
 * with an EXIT_ANIMATION_MS (220 ms) exit animation; Dismiss does the same at once.
 */
export function SignInCallout({ id }: { id: string }) {
  const [phase, setPhase] = useState<Phase>('shown');
  const exitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const leave = useCallback(() => {
    setPhase((current) => (current === 'shown' ? 'leaving' : current));
    clearTimeout(exitTimer.current);
    exitTimer.current = setTimeout(() => setPhase('gone'), EXIT_ANIMATION_MS);
  }, []);

  useEffect(() => {
    const timer = setTimeout(leave, SIGN_IN_CALLOUT_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(exitTimer.current);
    };
  }, [leave]);

  if (phase === 'gone') return null;
  const next = `/s/${id}`;
  return (
    <aside
      className="qs-callout"
      data-phase={phase}
      style={{ ['--qs-exit-ms' as string]: `${EXIT_ANIMATION_MS}ms` }}
      aria-label={SESSION_UI.signInCalloutTitle}
    >
      <p className="qs-callout-title">{SESSION_UI.signInCalloutTitle}</p>
      <p className="qs-callout-body">{SESSION_UI.signInCalloutBody}</p>
      <div className="qs-callout-actions">
        <Link to="/auth" search={{ mode: 'login', next }} className="btn btn-primary btn-sm">
          {SPEC.signInNav}
        </Link>
        <Link to="/auth" search={{ mode: 'register', next }} className="btn btn-secondary btn-sm">
          {SPEC.register}
        </Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={leave}>
          {SESSION_UI.dismiss}
        </button>
      </div>
    </aside>
  );
}
