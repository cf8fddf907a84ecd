import type { ChatMessageContent, CommunicationIdentifierModel } from '@oneeta/contracts';
import { ERASED } from '../store/erase-user.js';

export { ERASED };

const erasedIdentifier = (): CommunicationIdentifierModel => ({ kind: 'unknown', rawId: ERASED });

const names = (
  model: CommunicationIdentifierModel | undefined,
  ids: ReadonlySet<string>,
): boolean => !!model && (ids.has(model.rawId ?? '') || ids.has(model.communicationUser?.id ?? ''));

/**
 * A system message's content with a deleted account's identities taken out: its entries in the
 * participant list name nobody and carry no display name, and an initiator it was becomes the
 * marker. Everyone else's entries stay as they were. Pure.
 */
export function scrubContent(
  content: ChatMessageContent,
  ids: ReadonlySet<string>,
): ChatMessageContent {
  const out: ChatMessageContent = { ...content };
  if (content.participants)
    out.participants = content.participants.map((p) =>
      names(p.communicationIdentifier, ids) ? { communicationIdentifier: erasedIdentifier() } : p,
    );
  if (names(content.initiatorCommunicationIdentifier, ids))
    out.initiatorCommunicationIdentifier = erasedIdentifier();
  return out;
}
