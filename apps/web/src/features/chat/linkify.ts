/**
 * Chat message text split into plain text and links, for rendering as React nodes (never as HTML).
 * Only http: and https: become links: any other scheme (javascript:, data:, mailto:, …) stays text.
 * Punctuation that ends a sentence is not part of the link, nor is a closing bracket that closes
 * one opened before the link ("(see https://a.example/x)"). A link carrying a user name or
 * password ("https://bank.example@evil.example") stays text: it shows one host and opens another.
 */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** What a link's `rel` and `target` are in the message list. */
export const LINK_REL = 'noopener noreferrer nofollow';
export const LINK_TARGET = '_blank';

/** An http(s) URL starting at a word boundary, up to the next space or character a URL never holds. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`\u00a0\u2000-\u200b\u2028\u2029\u3000]+/gi;
const TRAILING = /[.,;:!?…'"’”»)\]}]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** Drops trailing punctuation, keeping a closing bracket the link itself opened ("…/Foo_(bar)"). */
function trimEnd(candidate: string): string {
  let s = candidate;
  while (TRAILING.test(s)) {
    const last = s.at(-1)!;
    const opener = CLOSERS[last];
    if (opener && count(s, opener) >= count(s, last)) break;
    s = s.slice(0, -1);
  }
  return s;
}

/** The link's href when `text` is a safe http(s) URL with a host, else null. */
export function safeHref(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let at = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const raw = trimEnd(match[0]);
    const href = safeHref(raw);
    if (!href) continue;
    plain += text.slice(at, start);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text: raw, href });
    at = start + raw.length;
  }
  plain += text.slice(at);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
