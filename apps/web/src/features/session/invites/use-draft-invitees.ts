/**
 * The invitees listed before a session's first save, kept per session in localStorage, counted by
 * the save rules and sent as invites once the save has created the session. One that could not
 * be sent stays listed until it is sent or removed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { createInvite } from '../../../api/invites';
import { useToast } from '../../toast';
import {
  addDraftInvitee,
  inviteErrorText,
  parseDraftInvitees,
  sameEmail,
  type DraftInvitee,
} from './draft-invitees';
import { emailModeNow, invitesCreatedToast } from './invite-delivery';

const storageKey = (id: string) => `oneeta:invitees:${id}`;

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
    if (sent > 0) toast.success(invitesCreatedToast(await emailModeNow(queryClient), sent));
    void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
  }, [sessionId, toast, queryClient]);

  return { list, add, remove, sendAll, sending };
}
