import type { WsChatEvent } from '@oneeta/contracts';
import { checkAnswer } from '../../api/contract-checks';

type Listener = (frame: WsChatEvent) => void;
const listeners = new Set<Listener>();

/**
 * The chat's real-time events (issue 16) as the session page's /ws socket receives them
 * ('chat-event' frames): the socket publishes, the communication widget listens. A frame that does
 * not parse is dropped.
 */
export function publishChatFrame(data: unknown): void {
  let json: unknown;
  try {
    json = typeof data === 'string' ? JSON.parse(data) : data;
  } catch {
    return;
  }
  const parsed = checkAnswer('wsChatEventSchema', json);
  if (!parsed.ok) return;
  for (const listener of listeners) listener(parsed.value);
}

export function subscribeChatFrames(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
