import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

const link = (text: string, href = text) => ({ kind: 'link', text, href });
const text = (t: string) => ({ kind: 'text', text: t });

describe('linkify', () => {
  it('leaves text without links as one text part, and an empty message as none', () => {
    expect(linkify('see you at 6')).toEqual([text('see you at 6')]);
    expect(linkify('')).toEqual([]);
  });

  it('splits http and https links out of the text', () => {
    expect(linkify('Parking: https://park.example/lot?a=1&b=2 then walk')).toEqual([
      text('Parking: '),
      link('https://park.example/lot?a=1&b=2'),
      text(' then walk'),
    ]);
    expect(linkify('http://a.example/x')).toEqual([link('http://a.example/x')]);
    expect(linkify('HTTPS://A.example/Path')).toEqual([
      link('HTTPS://A.example/Path', 'https://a.example/Path'),
    ]);
  });

  it('keeps trailing punctuation out of the link', () => {
    expect(linkify('Look: https://a.example/menu.')).toEqual([
      text('Look: '),
      link('https://a.example/menu'),
      text('.'),
    ]);
    expect(linkify('https://a.example/x?, ok!')).toEqual([
      link('https://a.example/x'),
      text('?, ok!'),
    ]);
    expect(linkify('(see https://a.example/x)')).toEqual([
      text('(see '),
      link('https://a.example/x'),
      text(')'),
    ]);
    expect(linkify('https://en.example/wiki/Foo_(bar).')).toEqual([
      link('https://en.example/wiki/Foo_(bar)'),
      text('.'),
    ]);
  });

  it('finds several links and links next to line breaks', () => {
    expect(linkify('a https://x.example\nb http://y.example')).toEqual([
      text('a '),
      link('https://x.example', 'https://x.example/'),
      text('\nb '),
      link('http://y.example', 'http://y.example/'),
    ]);
  });

  it('links no other scheme', () => {
    for (const message of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@b.example',
      'ftp://files.example/x',
      'file:///etc/passwd',
      'xhttps://a.example',
    ]) {
      expect(linkify(message)).toEqual([text(message)]);
    }
  });

  it('keeps markup as text (React escapes it)', () => {
    expect(linkify('<a href="javascript:x">https://a.example</a>')).toEqual([
      text('<a href="javascript:x">'),
      link('https://a.example', 'https://a.example/'),
      text('</a>'),
    ]);
  });

  it('leaves a link with a user name or no host as text', () => {
    expect(linkify('https://bank.example@evil.example/login')).toEqual([
      text('https://bank.example@evil.example/login'),
    ]);
    expect(linkify('https:// nothing')).toEqual([text('https:// nothing')]);
  });
});

describe('safeHref', () => {
  it('answers the normalised href of an http(s) URL only', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
