import { Link } from '@tanstack/react-router';
import { useSessions } from '../../hooks/use-sessions';
import { INVITE_SPEC, INVITE_UI } from './texts';
import { declinedText, joinedLimitAdvice } from './joined-limit';

/**
 * The joined-open-sessions limit ('joined_limit') on accepting: which open session holds the place
 * (from the user's open sessions), with a link to it (or to /sessions) and to /plans.
 */
export function JoinedLimitHelp({ sessionId }: { sessionId: string }) {
  const open = useSessions('open');
  const items = open.data?.pages.flatMap((page) => page.items) ?? null;
  const advice = joinedLimitAdvice(items, sessionId);
  return (
    <>
      <p className="invite-problem-detail">{advice.text}</p>
      <div className="actions invite-limit-actions">
        {advice.holder ? (
          <Link
            to="/s/$id"
            params={{ id: advice.holder.sessionId }}
            className="btn btn-secondary btn-sm"
          >
            {advice.holder.linkText}
          </Link>
        ) : (
          <Link to="/sessions" className="btn btn-secondary btn-sm">
            {INVITE_UI.yourSessions}
          </Link>
        )}
        <Link to="/plans" className="btn btn-primary btn-sm">
          {INVITE_UI.seePlans}
        </Link>
      </div>
    </>
  );
}

/** After 'Decline' (or opening an invite declined before): it worked, and where to go next. */
export function InviteDeclined({
  inviterName,
  signedIn,
}: {
  inviterName: string | null | undefined;
  signedIn: boolean;
}) {
  return (
    <>
      <div className="notice notice-success invite-problem" role="status">
        <p className="invite-problem-title">{INVITE_UI.declined}</p>
        <p className="invite-problem-detail">{declinedText(inviterName)}</p>
      </div>
      <div className="actions">
        {signedIn && (
          <Link to="/sessions" className="btn btn-primary">
            {INVITE_UI.yourSessions}
          </Link>
        )}
        <Link to="/" className={signedIn ? 'btn btn-secondary' : 'btn btn-primary'}>
          {INVITE_SPEC.goHome}
        </Link>
      </div>
    </>
  );
}
