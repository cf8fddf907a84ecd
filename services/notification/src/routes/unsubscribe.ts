import { EMAIL_UNSUBSCRIBE_MESSAGES, emailUnsubscribeQuerySchema } from '@oneeta/contracts';
import { HttpError, type App } from '@oneeta/service-kit';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../domain/invite-email.js';
import { readUnsubscribeToken } from '../domain/unsubscribe.js';
import type { SuppressionsStore } from '../store/suppressions-store.js';

/** A small page of its own: no scripts, nothing loaded, the token not leaked as a Referer. */
function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * The unsubscribe link of every e-mail (no sign-in: the signed token proves the address got it).
 * GET only shows what the button does, so a mail scanner that opens links unsubscribes nobody;
 * POST (the button, or the mail client's one-click) records the address.
 */
export function unsubscribeRoutes(
  app: App,
  deps: { suppressions: SuppressionsStore; key: Buffer },
) {
  const tags = ['notifications'];
  const addressOf = (token: string) => {
    const email = readUnsubscribeToken(token, deps.key);
    if (!email)
      throw new HttpError(400, EMAIL_UNSUBSCRIBE_MESSAGES.badLink, 'bad_unsubscribe_link');
    return email;
  };
  void app.register(async (plugin) => {
    const scope = plugin as unknown as App;
    // RFC 8058 one-click posts `List-Unsubscribe=One-Click` as a form; the body says nothing more.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, _body, done) => done(null, {}),
      );
    }
    scope.get(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags,
          operationId: 'showEmailUnsubscribe',
          summary: 'The page an e-mail’s unsubscribe link opens (changes nothing)',
          querystring: emailUnsubscribeQuerySchema,
        },
      },
      async (request, reply) => {
        const email = addressOf(request.query.t);
        const action = `/api/notifications/unsubscribe?t=${encodeURIComponent(request.query.t)}`;
        return page(
          reply,
          'Unsubscribe from OneETA e-mail',
          `<p>Stop all e-mail from OneETA to <strong>${escapeHtml(email)}</strong>? Invites and notices will no longer reach this address; a password reset you ask for yourself still will.</p>` +
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        );
      },
    );
    scope.post(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags,
          operationId: 'emailUnsubscribe',
          summary:
            'Stop all OneETA e-mail to the address the link was sent to (one-click, no sign-in)',
          querystring: emailUnsubscribeQuerySchema,
        },
      },
      async (request, reply) => {
        const email = addressOf(request.query.t);
        await deps.suppressions.add(email);
        return page(
          reply,
          'You are unsubscribed',
          `<p>OneETA will send no more e-mail to <strong>${escapeHtml(email)}</strong>.</p>`,
        );
      },
    );
  });
}
