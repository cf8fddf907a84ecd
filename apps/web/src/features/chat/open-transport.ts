import type { CommunicationMode } from '@oneeta/contracts';
import { createRestChatTransport, type ChatTransport } from './transport';

export interface TransportTarget {
  mode: CommunicationMode;
  sessionId: string;
  endpoint: string;
  threadId: string;
  /** The current chat token. */
  token: () => string;
  /** A fresh token (the ACS credential asks for one before the old one expires). */
  refreshToken: () => Promise<string>;
}

/**
 * The transport for a token's mode: ours at once, or the ACS SDK (`@azure/communication-chat`),
 * loaded here with a dynamic import only when the server said 'acs'.
 */
export async function openTransport(target: TransportTarget): Promise<ChatTransport> {
  if (target.mode === 'acs') {
    const { createAcsChatTransport } = await import('./acs-transport');
    return createAcsChatTransport({
      endpoint: target.endpoint,
      threadId: target.threadId,
      token: target.token(),
      refreshToken: target.refreshToken,
    });
  }
  return createRestChatTransport({
    sessionId: target.sessionId,
    threadId: target.threadId,
    token: target.token,
  });
}
