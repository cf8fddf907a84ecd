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
import {
  emailModeNow,
  inviteEmailNotice,
  invitesCreatedToast,
  type InviteDelivery,
} from './invite-delivery';

const storageKey = (id: string) => `oneeta:invitees:${id}`;

export interface DraftInvitees {
  list: DraftInvitee[];
  /** Adds one (see addDraftInvitee); answers the error text, or null when it was added. */
  add: (input: DraftInvitee, max: number | null) => string | null;
  remove: (email: string) => void;
  /** Sends every listed invitee to the (now saved) session; the ones sent leave the list. */
  sendAll: () => Promise<void>;
  sending: boolean;
  /** Why the last invites created were not e-mailed (share their links instead), or null. */
  emailNotice: string | null;
  /** Records what the server answered about the e-mails of invites just created. */
  reportDelivery: (answers: readonly InviteDelivery[]) => void;
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
  const [emailNotice, setEmailNotice] = useState<string | null>(null);
  const reportDelivery = useCallback(
    (answers: readonly InviteDelivery[]) => setEmailNotice(inviteEmailNotice(answers)),
    [],
  );
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
    const answers: InviteDelivery[] = [];
    for (const invitee of pending) {
      try {
        answers.push(await createInvite(sessionId, invitee));
        setList((old) => old.filter((x) => !sameEmail(x.email, invitee.email)));
      } catch (error) {
        toast.error(`${inviteErrorText(error)}: ${invitee.email}`);
      }
    }
    setSending(false);
    if (answers.length > 0) {
      reportDelivery(answers);
      const allEmailed = answers.every((answer) => answer.emailSent);
      const mode = allEmailed ? await emailModeNow(queryClient) : undefined;
      toast.success(invitesCreatedToast(mode, answers.length));
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
  }, [sessionId, toast, queryClient, reportDelivery]);

  return { list, add, remove, sendAll, sending, emailNotice, reportDelivery };
}
