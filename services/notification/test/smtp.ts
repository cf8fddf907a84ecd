import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server in this process: every message it accepts, parsed. `refuse` may answer a recipient
 * with an SMTP reply code (451: try again later; 550: mailbox unavailable) instead of accepting it.
 */
export async function startSmtp(opts: { refuse?: (to: string) => number | null } = {}) {
  const mails: ParsedMail[] = [];
  const refused: { to: string; code: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = opts.refuse?.(address.address) ?? null;
      if (code === null) return callback();
      refused.push({ to: address.address, code });
      callback(
        Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
          responseCode: code,
        }),
      );
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused,
    /** Messages accepted for an address. */
    mailsTo: (to: string) =>
      mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
