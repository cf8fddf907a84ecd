import { describe, expect, it, vi } from 'vitest';
import {
  canShareLink,
  inviteLimitReason,
  inviteLinkOf,
  inviteShareData,
  shareWasCancelled,
} from './invite-rules';

describe('invite links', () => {
  it('builds the full link from the origin, the session id and the code', () => {
    expect(inviteLinkOf('https://oneeta.example', 'abc2345', 'c0de_-X')).toBe(
      'https://oneeta.example/session/abc2345/invite/c0de_-X',
    );
    expect(inviteLinkOf('http://127.0.0.1:4103/', 'abc2345', 'a/b')).toBe(
      'http://127.0.0.1:4103/session/abc2345/invite/a%2Fb',
    );
  });

  it('shares a title, a line naming the destination, and the link', () => {
    expect(
      inviteShareData({ url: 'https://x/session/a/invite/b', destinationName: 'Pike Place' }),
    ).toEqual({
      title: 'OneETA invite',
      text: 'Join me at Pike Place on OneETA',
      url: 'https://x/session/a/invite/b',
    });
    expect(inviteShareData({ url: 'u', destinationName: null }).text).toBe(
      'Join my OneETA session',
    );
  });
});

describe('canShareLink', () => {
  const data = { url: 'https://x/session/a/invite/b' };
  it('is false where the browser has no navigator.share', () => {
    expect(canShareLink(undefined, data)).toBe(false);
    expect(canShareLink({}, data)).toBe(false);
  });

  it('is true with navigator.share, asking canShare when the browser has it', () => {
    const share = vi.fn(() => Promise.resolve());
    expect(canShareLink({ share }, data)).toBe(true);
    expect(canShareLink({ share, canShare: () => true }, data)).toBe(true);
    expect(canShareLink({ share, canShare: () => false }, data)).toBe(false);
    expect(
      canShareLink(
        {
          share,
          canShare: () => {
            throw new TypeError('bad');
          },
        },
        data,
      ),
    ).toBe(false);
  });

  it('treats a share sheet closed by the person as no failure', () => {
    expect(shareWasCancelled(new DOMException('cancelled', 'AbortError'))).toBe(true);
    expect(shareWasCancelled(new DOMException('no', 'NotAllowedError'))).toBe(false);
    expect(shareWasCancelled('x')).toBe(false);
  });
});

describe('inviteLimitReason', () => {
  it('blocks at the allowance, saying so, and never while there is room or no limit', () => {
    expect(inviteLimitReason(2, 3)).toBeNull();
    expect(inviteLimitReason(3, 3)).toBe(
      'Invite limit reached: 3 of 3 invites used (accepted plus pending). Cancel a pending invite to invite someone else.',
    );
    expect(inviteLimitReason(4, 3)).toContain('Invite limit reached');
    expect(inviteLimitReason(50, null)).toBeNull();
  });
});
