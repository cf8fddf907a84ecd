import { describe, expect, it, vi } from 'vitest';
import { CHAT_SLOT_ID, focusSessionChat } from './chat-focus';

/** A stand-in for the page: the chat slot with its message box, or its Connect button. */
function page(has: { textarea: boolean }) {
  const textarea = { focus: vi.fn() };
  const button = { focus: vi.fn() };
  const slot = {
    scrollIntoView: vi.fn(),
    querySelector: (selector: string) =>
      selector.startsWith('textarea') ? (has.textarea ? textarea : null) : button,
  };
  const doc = { getElementById: (id: string) => (id === CHAT_SLOT_ID ? slot : null) };
  return { doc: doc as unknown as Pick<Document, 'getElementById'>, slot, textarea, button };
}

describe('focusSessionChat', () => {
  it('scrolls the chat into view and puts the cursor in its message box', () => {
    const p = page({ textarea: true });
    expect(focusSessionChat(p.doc)).toBe(true);
    expect(p.slot.scrollIntoView).toHaveBeenCalled();
    expect(p.textarea.focus).toHaveBeenCalled();
    expect(p.button.focus).not.toHaveBeenCalled();
  });

  it('focuses Connect while the chat is not connected', () => {
    const p = page({ textarea: false });
    expect(focusSessionChat(p.doc)).toBe(true);
    expect(p.button.focus).toHaveBeenCalled();
  });

  it('is false without a chat on the page', () => {
    expect(focusSessionChat({ getElementById: () => null })).toBe(false);
  });
});
