import type { Job } from 'bullmq';
import type { NotifyEmailJob } from '@oneeta/contracts';
import type { AccountLookup } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { inviteEmail } from '../domain/invite-email.js';
import {
  SENT_DESPITE_UNSUBSCRIBE,
  unsubscribeToken,
  unsubscribeUrl,
  withUnsubscribe,
} from '../domain/unsubscribe.js';
import { verificationEmail } from '../domain/verify-email.js';
import { loginAlertEmail, passwordResetEmail } from '../domain/account-email.js';
import type { AuthClient } from '../providers/auth.js';
import type { EmailMessage, EmailSender } from '../providers/email.js';
import type { SessionClient } from '../providers/sessions.js';
import { createDeliveriesStore } from '../store/deliveries-store.js';
import { createSuppressionsStore } from '../store/suppressions-store.js';
import {
  accountDeleted,
  recordDelivery,
  RetryableDeliveryError,
  type DeliveryResult,
  type RecordDeps,
} from '../actions/record-delivery.js';

export interface EmailDeliveryDeps extends RecordDeps {
  email: EmailSender;
  sessions: SessionClient;
  auth: AuthClient;
  /** The current account view: nothing is sent for a deleted account. */
  accounts: AccountLookup;
  publicUrl: string;
  /** The key unsubscribe links are signed with (unsubscribeKey). */
  unsubscribeKey: Buffer;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** A mail server's 5xx reply is permanent (RFC 5321 §4.2.1): trying again would only repeat it. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends one e-mail job. The message is composed when it is sent, from what the owning service says
 * now (the invite's code and state, a fresh verification link), so an invite answered or an address
 * changed meanwhile sends nothing. A failure retries until the last attempt, which records `failed`
 * (a permanent SMTP refusal at once); each outcome is recorded and published once. Every message
 * leaves with its unsubscribe link (header and body); nothing goes to an address that unsubscribed,
 * except the kinds in SENT_DESPITE_UNSUBSCRIBE. Nothing is sent for an account deleted meanwhile.
 */
export function createEmailProcessor(deps: EmailDeliveryDeps) {
  const deliveries = createDeliveriesStore(deps.db);
  const suppressions = createSuppressionsStore(deps.db);
  const compose = async (data: NotifyEmailJob): Promise<EmailMessage | null> => {
    if (data.kind === 'invite') {
      const invite = await deps.sessions.invite(data.sessionId, data.inviteId);
      return invite?.status === 'pending' ? inviteEmail(invite, deps.publicUrl) : null;
    }
    if (data.kind === 'password-reset') {
      const reset = await deps.auth.passwordResetLink(data.userId, data.requestId);
      return reset ? passwordResetEmail(reset) : null;
    }
    if (data.kind === 'login-alert') return loginAlertEmail(data, deps.publicUrl);
    const link = await deps.auth.verificationLink(data.userId, data.email);
    return link ? verificationEmail(link) : null;
  };
  return async (job: Job, data: NotifyEmailJob): Promise<DeliveryResult> => {
    const deliveryId = job.id!;
    if (await deliveries.byId(deliveryId)) return { outcome: 'skipped' };
    if (await accountDeleted(deps.accounts, data.userId)) return { outcome: 'skipped' };
    const attempt = job.attemptsMade + 1;
    let error: string | null = null;
    try {
      if (!SENT_DESPITE_UNSUBSCRIBE.has(data.kind) && (await suppressions.has(data.email)))
        return { outcome: 'skipped' };
      const message = await compose(data);
      if (!message) return { outcome: 'skipped' };
      await deps.email.send(
        withUnsubscribe(
          message,
          unsubscribeUrl(deps.publicUrl, unsubscribeToken(message.to, deps.unsubscribeKey)),
        ),
      );
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (!isPermanent(err) && attempt < (job.opts.attempts ?? 1))
        throw new RetryableDeliveryError(`e-mail not sent: ${error}`);
    }
    const outcome = error === null ? 'delivered' : 'failed';
    await recordDelivery(deps, {
      id: deliveryId,
      userId: data.userId,
      sessionId: data.kind === 'invite' ? data.sessionId : null,
      kind: data.kind,
      channel: 'email',
      target: data.email,
      outcome,
      statusCode: null,
      attempts: attempt,
      error,
      at: new Date(),
    });
    if (error !== null)
      deps.log.warn(
        { deliveryId, kind: data.kind, attempts: attempt, err: error },
        'e-mail not delivered',
      );
    return { outcome, statusCode: null };
  };
}
