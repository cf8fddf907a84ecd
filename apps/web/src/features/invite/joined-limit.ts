/**
 * Accepting an invite refused with 'joined_limit' ('You have reached the number of open sessions
 * you can join on your plan'): which open session holds the place, from the user's open sessions
 * list (GET /api/sessions/mine?status=open), so the page can link to it and to /plans.
 */
import { format } from '@oneeta/contracts';
import { INVITE_UI } from './texts';

/** An item of the open sessions list (contracts' sessionListItemSchema), as far as this needs. */
interface OpenItem {
  sessionId: string;
  destinationName: string | null;
  role: 'owner' | 'participant';
  isClosed: boolean;
}

export interface JoinedLimitAdvice {
  /** What holds the place and the way out (leave it, or upgrade). */
  text: string;
  /** The one open session of someone else the user is in, when it is one: linked as 'Open {title}'. */
  holder: { sessionId: string; title: string; linkText: string } | null;
}

/**
 * `openItems`: the user's open sessions as listed (null while unknown); `joiningId`: the session
 * of the invite. The places are held by the open sessions they joined (role 'participant'), not by
 * their own.
 */
export function joinedLimitAdvice(
  openItems: readonly OpenItem[] | null | undefined,
  joiningId: string,
): JoinedLimitAdvice {
  const joined = (openItems ?? []).filter(
    (item) => item.role === 'participant' && !item.isClosed && item.sessionId !== joiningId,
  );
  if (joined.length === 1) {
    const only = joined[0]!;
    const title = only.destinationName?.trim() || INVITE_UI.noDestination;
    return {
      text: format(INVITE_UI.joinedLimitOne, { title }),
      holder: {
        sessionId: only.sessionId,
        title,
        linkText: format(INVITE_UI.openHolder, { title }),
      },
    };
  }
  if (joined.length > 1) {
    return { text: format(INVITE_UI.joinedLimitMany, { n: joined.length }), holder: null };
  }
  return { text: INVITE_UI.joinedLimitUnknown, holder: null };
}

/** What the page says once the invite is declined, naming who invited when it knows. */
export function declinedText(inviterName: string | null | undefined): string {
  const name = inviterName?.trim();
  return name ? format(INVITE_UI.declinedBody, { name }) : INVITE_UI.declinedBodyNoName;
}
