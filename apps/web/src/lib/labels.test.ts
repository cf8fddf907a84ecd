import { describe, expect, it } from 'vitest';
import {
  bottomBarProfileLabel,
  initialOf,
  participantCountLabel,
  profileMenuLabel,
} from './labels';

describe('profile dropdown label', () => {
  it('is the name, else the e-mail, else Profile', () => {
    expect(profileMenuLabel({ name: 'Ann Lee', email: 'ann@example.com' })).toBe('Ann Lee');
    expect(profileMenuLabel({ name: null, email: 'ann@example.com' })).toBe('ann@example.com');
    expect(profileMenuLabel({ name: '   ', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(profileMenuLabel({ name: null, email: '' })).toBe('Profile');
    expect(profileMenuLabel(null)).toBe('Profile');
  });
});

describe('bottom bar profile label', () => {
  it("is 'You' when the user has a name, else 'Profile'", () => {
    expect(bottomBarProfileLabel({ name: 'Ann', email: 'a@b.co' })).toBe('You');
    expect(bottomBarProfileLabel({ name: null, email: 'a@b.co' })).toBe('Profile');
    expect(bottomBarProfileLabel(undefined)).toBe('Profile');
  });
});

describe('avatar initial', () => {
  it('takes the first letter of the name, else of the e-mail', () => {
    expect(initialOf({ name: 'ann', email: 'z@b.co' })).toBe('A');
    expect(initialOf({ name: null, email: 'zed@b.co' })).toBe('Z');
    expect(initialOf(null)).toBe('?');
  });
});

describe('participant count', () => {
  it("says '1 participant' and otherwise 'N participants'", () => {
    expect(participantCountLabel(1)).toBe('1 participant');
    expect(participantCountLabel(0)).toBe('0 participants');
    expect(participantCountLabel(2)).toBe('2 participants');
    expect(participantCountLabel(12)).toBe('12 participants');
  });
});
