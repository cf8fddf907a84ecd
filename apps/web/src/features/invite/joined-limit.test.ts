import { describe, expect, it } from 'vitest';
import { declinedText, joinedLimitAdvice } from './joined-limit';

const item = (
  sessionId: string,
  role: 'owner' | 'participant',
  destinationName: string | null = 'Cafe',
) => ({
  sessionId,
  role,
  destinationName,
  isClosed: false,
});

describe('joinedLimitAdvice', () => {
  it('names and links the one open session the user joined (not their own, not this one)', () => {
    const advice = joinedLimitAdvice(
      [
        item('own1234', 'owner', 'Home'),
        item('abc2345', 'participant', 'Pike Place'),
        item('new6789', 'participant'),
      ],
      'new6789',
    );
    expect(advice).toEqual({
      text: 'Your place is held by Pike Place, the open session you joined. Leave it to join this one, or upgrade to join more sessions at once.',
      holder: { sessionId: 'abc2345', title: 'Pike Place', linkText: 'Open Pike Place' },
    });
  });

  it('calls a session without a destination by what the page shows for it', () => {
    expect(joinedLimitAdvice([item('abc2345', 'participant', null)], 'x').holder?.linkText).toBe(
      'Open No destination yet',
    );
  });

  it('counts several joined sessions and links none of them', () => {
    const advice = joinedLimitAdvice(
      [1, 2, 3, 4, 5].map((n) => item(`s${n}`, 'participant')),
      'other',
    );
    expect(advice.holder).toBeNull();
    expect(advice.text).toBe(
      'You are in 5 open sessions you joined, the most your plan allows. Leave one to join this one, or upgrade to join more sessions at once.',
    );
  });

  it('still says the way out while the list is unknown or shows none', () => {
    const unknown =
      'Leave an open session you joined to join this one, or upgrade to join more sessions at once.';
    expect(joinedLimitAdvice(null, 'x')).toEqual({ text: unknown, holder: null });
    expect(joinedLimitAdvice([item('own1234', 'owner')], 'x')).toEqual({
      text: unknown,
      holder: null,
    });
  });
});

describe('declinedText', () => {
  it('names who invited, when known', () => {
    expect(declinedText('Ann')).toBe(
      "You won't join this session. If your plans change, ask Ann for a new invite.",
    );
    expect(declinedText('  ')).toBe(
      "You won't join this session. If your plans change, ask for a new invite.",
    );
  });
});
