import { describe, expect, it } from 'vitest';
import {
  deviceNameFromUserAgent,
  isPushSupported,
  pushSupportGap,
  vapidKeyBytes,
} from './push-logic';
import { pushProblem, pushProblemText } from './push-problem';

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

describe('why push cannot be turned on', () => {
  const full = { navigator: { serviceWorker: {} }, PushManager: class {}, Notification: class {} };
  const inApp = 'Alerts still show in the app while OneETA is open.';

  it('names what the browser lacks', () => {
    expect(pushSupportGap(full)).toBeNull();
    expect(pushSupportGap({ ...full, navigator: {} })).toBe('service-worker');
    expect(pushSupportGap({ ...full, navigator: undefined })).toBe('service-worker');
    expect(pushSupportGap({ ...full, PushManager: undefined })).toBe('push-manager');
    expect(pushSupportGap({ ...full, Notification: undefined })).toBe('notification');
  });

  it("a browser without an API: 'Push unsupported', why, and that alerts still show in the app", () => {
    expect(pushProblem('push-manager')).toEqual({
      title: 'Push unsupported',
      detail: `This browser can't receive push notifications: it has no Push API. ${inApp}`,
    });
    expect(pushProblem('service-worker').detail).toMatch(/does not run service workers/);
  });

  it("no push service or no running service worker: 'Failed to register subscription', why, and what still works", () => {
    expect(pushProblem('push-service')).toEqual({
      title: 'Failed to register subscription',
      detail: `This browser can't receive push notifications: it has no push service OneETA can reach. ${inApp}`,
    });
    expect(pushProblem('worker-not-running').title).toBe('Failed to register subscription');
    expect(pushProblem('worker-not-running').detail).toContain(inApp);
  });

  it('our own call failing says to try again, not that the browser cannot', () => {
    expect(pushProblem('server')).toEqual({
      title: 'Failed to register subscription',
      detail: 'OneETA could not save this device. Try again in a moment.',
    });
  });

  it('reads as one line where there is room for one', () => {
    expect(pushProblemText({ title: 'Failed to unregister', detail: null })).toBe(
      'Failed to unregister',
    );
    expect(pushProblemText(pushProblem('push-service'))).toBe(
      `Failed to register subscription. This browser can't receive push notifications: it has no push service OneETA can reach. ${inApp}`,
    );
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
