/**
 * What the ACS chat SDK conformance tests share: the OFFICIAL @azure/communication-chat ChatClient,
 * with the official AzureCommunicationTokenCredential, run against our service over HTTPS (its
 * bearer policy refuses plain http) with a certificate made for the tests.
 */
import { ChatClient } from '@azure/communication-chat';
import {
  AzureCommunicationTokenCredential,
  type CommunicationUserIdentifier,
} from '@azure/communication-common';
import type { Stack } from './helpers.js';

/** A ChatClient for the stack's chat endpoint, with a fixed token or a refresher. */
export const sdkClientFor = (h: Stack, token: string | (() => Promise<string>)) =>
  new ChatClient(
    h.endpoint,
    typeof token === 'string'
      ? new AzureCommunicationTokenCredential(token)
      : new AzureCommunicationTokenCredential({ tokenRefresher: token, refreshProactively: true }),
    { tlsOptions: { ca: h.ca }, retryOptions: { maxRetries: 0 } },
  );

export async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** What a refused SDK call threw: the RestError's status and the chat error code from our body. */
export async function refusal(
  call: () => Promise<unknown>,
): Promise<{ statusCode: number | undefined; code: string | undefined; message: string }> {
  try {
    await call();
  } catch (err) {
    const e = err as { statusCode?: number; code?: string; message: string };
    return { statusCode: e.statusCode, code: e.code, message: e.message };
  }
  throw new Error('the call was not refused');
}

export const userOf = (id: string): CommunicationUserIdentifier => ({ communicationUserId: id });
