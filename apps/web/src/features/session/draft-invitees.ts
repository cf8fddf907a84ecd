/**
 * Invitees added before a session's first save (doc 1 §3 "Browser-local storage: … invitees"):
 * kept per session in localStorage, counted by the save rules, and sent as invites once the save
 * has created the session. One that could not be sent stays listed until it is sent or removed.
 */
import { MESSAGES } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { createInvite } from '../../api/sessions';
import { useToast } from '../toast';
import { serverText } from './save-rules';
import { SESSION_SPEC, SESSION_UI } from './texts';

export interface DraftInvitee {
  name: string;
  email: string;
}

const storageKey = (id: string) => `oneeta:invitees:${id}`;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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

export interface DraftInvitees {
  list: DraftInvitee[];
  /** Adds one (see addDraftInvitee); answers the error text, or null when it was added. */
  add: (input: DraftInvitee, max: number | null) => string | null;
  remove: (email: string) => void;
  /** Sends every listed invitee to the (now saved) session; the ones sent leave the list. */
  sendAll: () => Promise<void>;
  sending: boolean;
}

export function useDraftInvitees(sessionId: string): DraftInvitees {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [list, setList] = useState<DraftInvitee[]>(() => {
    try {
      return parseDraftInvitees(localStorage.getItem(storageKey(sessionId)));
    } catch {
      return [];
    }
  });
  const [sending, setSending] = useState(false);
  const current = useRef(list);
  current.current = list;

  useEffect(() => {
    try {
      if (list.length > 0) localStorage.setItem(storageKey(sessionId), JSON.stringify(list));
      else localStorage.removeItem(storageKey(sessionId));
    } catch {
      // the list is still in memory; only a reload would lose it
    }
  }, [sessionId, list]);

  const add = useCallback((input: DraftInvitee, max: number | null) => {
    const result = addDraftInvitee(current.current, input, max);
    if ('error' in result) return result.error;
    current.current = result.list;
    setList(result.list);
    return null;
  }, []);

  const remove = useCallback((email: string) => {
    setList((old) => old.filter((x) => !sameEmail(x.email, email)));
  }, []);

  const sendAll = useCallback(async () => {
    const pending = current.current;
    if (pending.length === 0) return;
    setSending(true);
    let sent = 0;
    for (const invitee of pending) {
      try {
        await createInvite(sessionId, invitee);
        sent += 1;
        setList((old) => old.filter((x) => !sameEmail(x.email, invitee.email)));
      } catch (error) {
        toast.error(`${inviteErrorText(error)}: ${invitee.email}`);
      }
    }
    setSending(false);
    if (sent > 0) toast.success(SESSION_UI.inviteSent);
    void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
  }, [sessionId, toast, queryClient]);

  return { list, add, remove, sendAll, sending };
}
