/**
 * Invitees added before a session's first save (doc 1 §3 "Browser-local storage: … invitees"):
 * the rules for listing them and reading them back. Pure; use-draft-invitees.ts keeps and sends them.
 */
import { MESSAGES } from '@oneeta/contracts';
import { isApiError } from '../../../api/client';
import { serverText } from '../editor/save-rules';
import { SESSION_SPEC, SESSION_UI } from '../texts';

export interface DraftInvitee {
  name: string;
  email: string;
}

export const sameEmail = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** The stored list, or an empty one when there is none or it is not ours. */
export function parseDraftInvitees(raw: string | null): DraftInvitee[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((x: unknown) => {
      const item = x as Partial<DraftInvitee> | null;
      return typeof item?.email === 'string' && item.email.trim()
        ? [{ name: typeof item.name === 'string' ? item.name : '', email: item.email.trim() }]
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * Adds an invitee to the list, with the invite form's rules: an e-mail is required; a list at the
 * plan's allowance answers 'Invite limit reached'; an e-mail already listed is not added twice.
 */
export function addDraftInvitee(
  list: readonly DraftInvitee[],
  input: DraftInvitee,
  max: number | null,
): { list: DraftInvitee[] } | { error: string } {
  const email = input.email.trim();
  if (!email) return { error: MESSAGES.provideEmail };
  if (list.some((x) => sameEmail(x.email, email))) return { error: SESSION_UI.alreadyListed };
  if (max !== null && list.length >= max) return { error: MESSAGES.inviteLimitReached };
  return { list: [...list, { name: input.name.trim(), email }] };
}

/** Why an invite was not sent: the server's text, or the spec's default (§8). */
export function inviteErrorText(error: unknown): string {
  return isApiError(error, 0)
    ? SESSION_SPEC.couldNotSendInvite
    : (serverText(error) ?? SESSION_SPEC.inviteFailed);
}
