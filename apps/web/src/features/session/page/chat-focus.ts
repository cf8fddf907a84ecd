/**
 * 'Message {name}' on the owner's far-behind notice: brings the session's chat widget (rendered
 * below the page's first screen, in `.qs-chat`) into view and puts the cursor in its message box,
 * or on its Connect button while it is not connected. False when the chat is not on the page.
 */
export const CHAT_SLOT_ID = 'qs-chat';

export function focusSessionChat(doc: Pick<Document, 'getElementById'> = document): boolean {
  const slot = doc.getElementById(CHAT_SLOT_ID);
  if (!slot) return false;
  slot.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const field =
    slot.querySelector<HTMLElement>('textarea:not([disabled])') ??
    slot.querySelector<HTMLElement>('button:not([disabled])');
  field?.focus({ preventScroll: true });
  return true;
}
