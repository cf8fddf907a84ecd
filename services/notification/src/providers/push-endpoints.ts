import { PUSH_MESSAGES } from '@oneeta/contracts';
import {
  NonPublicAddressError,
  resolvePublic,
  systemResolver,
  type HostResolver,
} from '@oneeta/service-kit';
import { parsePushEndpoint } from '../domain/push-endpoint.js';

export interface EndpointPolicy {
  /** PUSH_ALLOWED_HOSTS (empty: any host). */
  allowedHosts: readonly string[];
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: tests with a local push service only. */
  allowPrivate: boolean;
  /** How host names are resolved (the system resolver by default). */
  resolve?: HostResolver;
}

export type EndpointCheck =
  { ok: true; url: URL } | { ok: false; error: string; reason: 'refused' | 'unresolved' };

/**
 * The subscribe-time check of a push endpoint: https, an allowed host, and a host whose every
 * address is public (a literal address is checked as it is). The send-time check is the same
 * parse, then the sender's lookup resolves and checks again at connect time.
 */
export async function checkPushEndpoint(
  endpoint: string,
  policy: EndpointPolicy,
): Promise<EndpointCheck> {
  const parsed = parsePushEndpoint(endpoint, policy.allowedHosts);
  if (!parsed.ok) return { ...parsed, reason: 'refused' };
  if (policy.allowPrivate) return { ok: true, url: parsed.url };
  try {
    await resolvePublic(parsed.host, policy.resolve ?? systemResolver);
    return { ok: true, url: parsed.url };
  } catch (err) {
    if (err instanceof NonPublicAddressError)
      return { ok: false, error: PUSH_MESSAGES.notPublic, reason: 'refused' };
    return { ok: false, error: PUSH_MESSAGES.notFound, reason: 'unresolved' };
  }
}
