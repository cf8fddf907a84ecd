import { describe, expect, it } from 'vitest';
import { canChat, displayNameOf } from './rules.js';

describe('chat rules', () => {
  it('lets the owner and active participants chat, not invitees or strangers', () => {
    expect(canChat('owner')).toBe(true);
    expect(canChat('participant')).toBe(true);
    expect(canChat('invitee')).toBe(false);
    expect(canChat(null)).toBe(false);
  });

  it('shows the profile name, else the e-mail', () => {
    expect(displayNameOf({ name: ' Ana ', email: 'a@x.test' })).toBe('Ana');
    expect(displayNameOf({ name: null, email: 'a@x.test' })).toBe('a@x.test');
    expect(displayNameOf({ name: '  ', email: 'a@x.test' })).toBe('a@x.test');
  });
});
