import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatItem } from './chat-logic';
import {
  readersOfMyLast,
  receiptToSend,
  TYPING_SHOWN_MS,
  typingDue,
  withoutTypist,
  withReceipts,
  withTypist,
  type Receipts,
  type Typists,
} from './presence';
import type { ChatTransport } from './transport';

export interface Presence {
  /** Others typing now: sender id → name. */
  typists: Typists;
  /** Who has read my newest message (ids), and which message that is. */
  seen: { messageId: string; readers: string[] } | null;
  /** Call on each keystroke with text: sends a typing notification at most every 8 s. */
  typing: () => void;
}

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Typing indicators and read receipts through the chat transport (either server): others' typing
 * shown for a while, our own sent at most every 8 s; a read receipt for the newest message of
 * someone else while the page is visible; the receipts of the others kept per reader.
 */
export function usePresence(
  transport: ChatTransport | null,
  items: readonly ChatItem[],
  me: string | null,
  senderName: string,
): Presence {
  const [typists, setTypists] = useState<Typists>(() => new Map());
  const [receipts, setReceipts] = useState<Receipts>(() => new Map());
  const lastTyping = useRef<number | null>(null);
  const lastReceipt = useRef<string | null>(null);

  useEffect(() => {
    if (!transport) return;
    const controller = new AbortController();
    transport.listReadReceipts(controller.signal).then(
      (list) => setReceipts((current) => withReceipts(current, list)),
      () => undefined,
    );
    const off = transport.subscribe((event) => {
      const now = Date.now();
      if (event.type === 'typingIndicatorReceived')
        setTypists((current) => withTypist(current, event, me, now));
      else if (event.type === 'chatMessageReceived')
        setTypists((current) => withoutTypist(current, event.senderId ?? null, now));
      else if (event.type === 'readReceiptReceived') {
        const readOn = Date.parse(event.readOn);
        setReceipts((current) =>
          withReceipts(current, [
            {
              senderId: event.senderId,
              chatMessageId: event.chatMessageId,
              readOn: Number.isFinite(readOn) ? readOn : now,
            },
          ]),
        );
      }
    });
    return () => {
      controller.abort();
      off();
      lastTyping.current = null;
      lastReceipt.current = null;
      setTypists(new Map());
      setReceipts(new Map());
    };
  }, [transport, me]);

  // Others' typing fades when they stop (no notification for a while).
  const typing = typists.size > 0;
  useEffect(() => {
    if (!typing) return;
    const timer = setInterval(
      () => setTypists((current) => withoutTypist(current, null, Date.now())),
      Math.min(1000, TYPING_SHOWN_MS),
    );
    return () => clearInterval(timer);
  }, [typing]);

  // A read receipt for the newest message of someone else, while the reader can see the page.
  useEffect(() => {
    if (!transport) return;
    const acknowledge = () => {
      if (!visible()) return;
      const id = receiptToSend(items, me, lastReceipt.current);
      if (!id) return;
      lastReceipt.current = id;
      transport.sendReadReceipt(id).catch(() => {
        if (lastReceipt.current === id) lastReceipt.current = null;
      });
    };
    acknowledge();
    document.addEventListener('visibilitychange', acknowledge);
    return () => document.removeEventListener('visibilitychange', acknowledge);
  }, [transport, items, me]);

  const sendTyping = useCallback(() => {
    const now = Date.now();
    if (!transport || !typingDue(lastTyping.current, now)) return;
    lastTyping.current = now;
    transport.sendTyping(senderName).catch(() => undefined);
  }, [transport, senderName]);

  return { typists, seen: readersOfMyLast(items, me, receipts), typing: sendTyping };
}
