/** Longest name an e-mail shows (inviter, invitee, session). */
export const EMAIL_NAME_MAX = 50;

// What a mail client would turn into a link: a scheme, www., an address, or a dotted host name.
const LINK_LIKE = [
  /[a-z][a-z0-9+.-]*:\/\//i,
  /\bwww\./i,
  /[^\s@]+@[^\s@]+/,
  /\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:[a-z]{2,63}|xn--[a-z0-9-]+)\b/i,
];

/** Whether text holds something a mail client would render as a link or an address. */
export const looksLikeLink = (text: string) => LINK_LIKE.some((re) => re.test(text));

/**
 * A user-chosen name as an e-mail may show it: control characters and runs of spaces collapsed,
 * cut to `max` characters (an ellipsis the last), and null (the caller's neutral word instead)
 * when empty or when it holds a URL, a host name or an e-mail address: an e-mail never carries a
 * link someone typed into their name.
 */
export function safeName(value: string | null | undefined, max = EMAIL_NAME_MAX): string | null {
  const clean = (value ?? '')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || looksLikeLink(clean)) return null;
  const chars = [...clean];
  return chars.length <= max
    ? clean
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
