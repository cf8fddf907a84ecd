import { Fragment } from 'react';
import { LINK_REL, LINK_TARGET, linkify } from './linkify';

/** A message's text with its http(s) links as safe links that open in a new tab. */
export function MessageText({ text }: { text: string }) {
  return linkify(text).map((part, i) =>
    part.kind === 'link' ? (
      <a key={i} href={part.href} target={LINK_TARGET} rel={LINK_REL} className="chat-link">
        {part.text}
      </a>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}
