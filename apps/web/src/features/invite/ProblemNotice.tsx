import { JoinedLimitHelp } from './InviteOutcomes';
import type { InviteProblem } from './use-invite-flow';

/**
 * A failure: the spec's title, the server's text below; with the joined-open-sessions limit
 * ('joined_limit') and the session being joined, which session holds the place and /plans.
 */
export function ProblemNotice({
  problem,
  sessionId,
}: {
  problem: InviteProblem;
  sessionId?: string;
}) {
  return (
    <div className="notice notice-error invite-problem" role="alert">
      <p className="invite-problem-title">{problem.title}</p>
      {problem.detail && <p className="invite-problem-detail">{problem.detail}</p>}
      {problem.code === 'joined_limit' && sessionId && <JoinedLimitHelp sessionId={sessionId} />}
    </div>
  );
}
