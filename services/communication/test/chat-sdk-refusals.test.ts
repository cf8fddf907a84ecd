/**
 * ACS chat SDK conformance, refusals: what the official ChatClient (see chat-sdk.ts) gets when the
 * embedded chat server says no (the plan's hourly limit, a profile without a name, the spec's
 * 401/403/404), with the status codes and error codes of ACS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { all, refusal, sdkClientFor, userOf } from './chat-sdk.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
let member: TestUser;
let sessionId: string;
let threadId: string;

const clientFor = (token: string | (() => Promise<string>)) => sdkClientFor(h, token);

beforeAll(async () => {
  h = await startStack();
  owner = await h.user({ name: 'Olivia Owner' });
  member = await h.user({ name: 'Mo Member' });
  sessionId = await sessionWith(h, owner, [member]);
  threadId = (await sessionThread(h, owner, sessionId)).threadId;
});
afterAll(async () => {
  await h?.close();
});

describe('the official ACS ChatClient against the embedded chat server: refusals', () => {
  it("refuses a free-plan sender's 11th message within an hour with 429 TooManyRequests saying when the next is allowed; paid plans are not limited", async () => {
    const [free, premium] = [await h.user({ plan: 'free' }), await h.user({ plan: 'premium' })];
    const freeSession = await sessionWith(h, free, [premium]);
    const freeThread = (await sessionThread(h, free, freeSession)).threadId;
    const freeClient = clientFor((await chatToken(h, free, freeSession)).token).getChatThreadClient(
      freeThread,
    );
    const premiumClient = clientFor(
      (await chatToken(h, premium, freeSession)).token,
    ).getChatThreadClient(freeThread);
    for (let i = 1; i <= 10; i++) await freeClient.sendMessage({ content: `free ${i}` });
    const refused = await refusal(() => freeClient.sendMessage({ content: 'free 11' }));
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'TooManyRequests',
      message:
        'The free plan sends at most 10 chat messages per hour. You can send your next message in 60 min.',
    });
    for (let i = 1; i <= 11; i++) await premiumClient.sendMessage({ content: `premium ${i}` });
    const texts = (await all(premiumClient.listMessages())).filter((m) => m.type === 'text');
    expect(texts.filter((m) => m.content?.message?.startsWith('free'))).toHaveLength(10);
    expect(texts.filter((m) => m.content?.message?.startsWith('premium'))).toHaveLength(11);
  });

  it("refuses a sender with neither name nor e-mail on the profile: 403 'Please set your name or email in your profile before sending messages.'", async () => {
    const nameless = await h.user({ name: null });
    await h.session.issuer.register({
      id: nameless.id,
      email: '',
      emailVerified: false,
      name: null,
      plan: 'free',
      isAdmin: false,
    });
    const { token } = await chatToken(h, owner, sessionId);
    await clientFor(token)
      .getChatThreadClient(threadId)
      .addParticipants({ participants: [{ id: userOf(communicationUserIdOf(nameless.id)) }] });
    const theirs = clientFor((await chatToken(h, nameless)).token).getChatThreadClient(threadId);
    expect(await refusal(() => theirs.sendMessage({ content: 'hello?' }))).toMatchObject({
      statusCode: 403,
      code: 'Forbidden',
      message: 'Please set your name or email in your profile before sending messages.',
    });
    await clientFor(token)
      .getChatThreadClient(threadId)
      .removeParticipant(userOf(communicationUserIdOf(nameless.id)));
  });

  it('answers with the error codes of the spec: 401 for a bad or missing token, 403 for a non-participant, 404 for an unknown thread', async () => {
    const good = await chatToken(h, member, sessionId);
    const [header, payload] = good.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    expect(
      await refusal(() => clientFor(forged).getChatThreadClient(threadId).getProperties()),
    ).toMatchObject({ statusCode: 401, code: 'Unauthorized' });

    const stranger = await h.user();
    const strangers = clientFor((await chatToken(h, stranger)).token);
    expect(
      await refusal(() => strangers.getChatThreadClient(threadId).getProperties()),
    ).toMatchObject({ statusCode: 403, code: 'Forbidden' });
    expect(
      await refusal(() =>
        strangers.getChatThreadClient(threadId).sendMessage({ content: 'let me in' }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'Forbidden' });
    expect(
      await refusal(() =>
        strangers
          .getChatThreadClient('19:ffffffffffffffffffffffffffffffff@thread.v2')
          .getProperties(),
      ),
    ).toMatchObject({ statusCode: 404 });
  });
});
