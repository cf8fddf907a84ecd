import { describe, expect, it } from 'vitest';
import { arrivalInZone, inviteEmail } from './invite-email.js';

const invite = {
  inviteId: 'i1',
  sessionId: 's 1',
  code: 'c0de',
  email: 'ivy@example.test',
  name: 'Ivy',
  status: 'pending' as const,
  inviterUserId: 'u1',
  inviterName: 'Olga <b>',
  creatorUserId: 'u1',
  destinationName: 'Café Central',
  destinationAddress: 'Herrengasse 14, Vienna',
  arriveAt: '2026-12-01T18:30:00.000Z',
  tzId: 'Europe/Vienna',
};

describe('invite e-mail', () => {
  it('shows the arrival time on the destination clock', () => {
    expect(arrivalInZone('2026-12-01T18:30:00.000Z', 'Europe/Vienna')).toBe(
      'Tuesday, December 1, 2026 at 7:30 PM Vienna time',
    );
    expect(arrivalInZone('2026-12-01T18:30:00.000Z', null)).toBe(
      'Tuesday, December 1, 2026 at 6:30 PM UTC',
    );
  });

  it('names the inviter, the destination, the arrival and the link, and escapes names in the HTML', () => {
    const mail = inviteEmail(invite, 'https://oneeta.example');
    expect(mail.to).toBe('ivy@example.test');
    expect(mail.subject).toBe('Olga <b> invited you on OneETA');
    expect(mail.text).toContain('Destination: Café Central, Herrengasse 14, Vienna');
    expect(mail.text).toContain('Arrival: Tuesday, December 1, 2026 at 7:30 PM Vienna time');
    expect(mail.text).toContain('https://oneeta.example/session/s%201/invite/c0de');
    expect(mail.html).toContain('Olga &#60;b&#62; invited you');
    expect(mail.html).toContain('href="https://oneeta.example/session/s%201/invite/c0de"');
  });
});

describe('names in the invite e-mail', () => {
  it('cuts a long inviter name to 50 characters in subject, text and HTML', () => {
    const long = 'Olga '.repeat(30).trim();
    const mail = inviteEmail({ ...invite, inviterName: long }, 'https://oneeta.example');
    const shown = mail.subject.replace(' invited you on OneETA', '');
    expect([...shown]).toHaveLength(50);
    expect(shown.endsWith('…')).toBe(true);
    expect(mail.text).not.toContain(long);
  });

  it.each([
    'Security Team: account locked, reset at https://evil.example/reset',
    'Support www.evil.example',
    'write to help@evil.example',
    'evil-bank.com security',
    'HTTP://EVIL.EXAMPLE',
  ])('never renders a link or an address from the name %j', (name) => {
    const mail = inviteEmail(
      { ...invite, inviterName: name, name, destinationName: name },
      'https://oneeta.example',
    );
    expect(mail.subject).toBe('Someone invited you on OneETA');
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toContain('evil');
    expect(mail.html).not.toContain('evil');
  });
});
