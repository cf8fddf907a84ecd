import { describe, expect, it } from 'vitest';
import { deviceNameFromUserAgent, isPushSupported, vapidKeyBytes } from './push-logic';

describe('push support', () => {
  it('needs a service worker, PushManager and Notification', () => {
    const full = {
      navigator: { serviceWorker: {} },
      PushManager: class {},
      Notification: class {},
    };
    expect(isPushSupported(full)).toBe(true);
    expect(isPushSupported({ ...full, navigator: {} })).toBe(false);
    expect(isPushSupported({ ...full, PushManager: undefined })).toBe(false);
    expect(isPushSupported({ ...full, Notification: undefined })).toBe(false);
  });
});

describe('VAPID key', () => {
  it('decodes a base64url key without padding to its bytes', () => {
    expect(Array.from(vapidKeyBytes('-_8'))).toEqual([0xfb, 0xff]);
    expect(
      vapidKeyBytes(
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      ),
    ).toHaveLength(65);
  });
});

describe('device names', () => {
  it('names the browser and system from the user agent', () => {
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceNameFromUserAgent('curl/8.0')).toBe('Unknown device');
  });
});
