import { describe, expect, it } from 'vitest';
import {
  canOfferPush,
  endPushMoment,
  hasPushMoment,
  markPushMoment,
  PUSH_OFFER_DISMISSED_KEY,
  readDismissed,
  registeredHere,
  rememberDismissed,
  showPushOffer,
  type PushOfferFacts,
} from './push-offer';

const at: PushOfferFacts = {
  moment: true,
  signedIn: true,
  supported: true,
  permission: 'default',
  dismissed: false,
};
const idle = { enabling: false, failed: false, enabled: false };

describe('the offer to turn on notifications', () => {
  it('applies right after joining or creating, signed in, push supported, permission not asked yet, never dismissed', () => {
    expect(canOfferPush(at)).toBe(true);
  });

  it('never applies on a plain page load (no moment)', () => {
    expect(canOfferPush({ ...at, moment: false })).toBe(false);
  });

  it('never applies to a guest, a browser without push, or once the permission was answered', () => {
    expect(canOfferPush({ ...at, signedIn: false })).toBe(false);
    expect(canOfferPush({ ...at, supported: false, permission: 'unsupported' })).toBe(false);
    expect(canOfferPush({ ...at, permission: 'granted' })).toBe(false);
    expect(canOfferPush({ ...at, permission: 'denied' })).toBe(false);
  });

  it("never applies again after 'Not now'", () => {
    expect(canOfferPush({ ...at, dismissed: true })).toBe(false);
  });

  it('shows only once this browser is known not to be among the registered devices', () => {
    expect(showPushOffer({ ...at, registered: null }, idle)).toBe(false);
    expect(showPushOffer({ ...at, registered: true }, idle)).toBe(false);
    expect(showPushOffer({ ...at, registered: false }, idle)).toBe(true);
  });

  it('stays while turning on runs or to show why it failed, and goes when it worked or on Not now', () => {
    // The hook's permission is 'granted' by then, which alone would hide it.
    const asked = { ...at, permission: 'granted' as const, registered: false };
    expect(showPushOffer(asked, { ...idle, enabling: true })).toBe(true);
    expect(showPushOffer(asked, { ...idle, failed: true })).toBe(true);
    expect(showPushOffer(asked, { ...idle, enabled: true })).toBe(false);
    expect(showPushOffer({ ...asked, dismissed: true }, { ...idle, failed: true })).toBe(false);
  });
});

describe('this browser among the registered devices', () => {
  const devices = [{ endpoint: 'https://push.example/a' }, { endpoint: 'https://push.example/b' }];

  it("is unknown while the browser's subscription or the list is loading", () => {
    expect(registeredHere('https://push.example/a', devices, true)).toBeNull();
    expect(registeredHere('https://push.example/a', undefined, false)).toBeNull();
  });

  it("is true only when this browser's endpoint is in the list", () => {
    expect(registeredHere('https://push.example/b', devices, false)).toBe(true);
    expect(registeredHere('https://push.example/c', devices, false)).toBe(false);
    expect(registeredHere(null, devices, false)).toBe(false);
    expect(registeredHere(null, [], false)).toBe(false);
  });
});

describe("'Not now' remembered", () => {
  it('is kept in storage and read back', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    };
    expect(readDismissed(storage)).toBe(false);
    rememberDismissed(storage);
    expect(data.get(PUSH_OFFER_DISMISSED_KEY)).toBe('1');
    expect(readDismissed(storage)).toBe(true);
  });

  it('counts as not dismissed when storage is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readDismissed(undefined)).toBe(false);
    expect(readDismissed(throwing)).toBe(false);
    expect(() => rememberDismissed(throwing)).not.toThrow();
  });
});

describe('the moment', () => {
  it('is marked per session, in memory, until it ends', () => {
    expect(hasPushMoment('abc1234')).toBe(false);
    markPushMoment('abc1234');
    expect(hasPushMoment('abc1234')).toBe(true);
    expect(hasPushMoment('xyz9876')).toBe(false);
    endPushMoment('abc1234');
    expect(hasPushMoment('abc1234')).toBe(false);
  });
});
