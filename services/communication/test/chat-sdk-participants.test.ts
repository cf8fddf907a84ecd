/**
 * ACS chat SDK conformance, participants and threads: the official ChatClient (see chat-sdk.ts)
 * lists, adds and removes participants, and creates, lists and deletes threads against the
 * embedded chat server (api-version 2025-03-15).
 */
import type { ChatThreadClient } from '@azure/communication-chat';
import { getIdentifierRawId } from '@azure/communication-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@oneeta/session/testing';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { all, refusal, sdkClientFor, userOf } from './chat-sdk.js';
import { chatToken, sessionThread, sessionWith } from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let owner: TestUser;
let member: TestUser;
let third: TestUser;
let sessionId: string;
let threadId: string;

const clientFor = (token: string | (() => Promise<string>)) => sdkClientFor(h, token);
const threadClientOf = async (user: TestUser): Promise<ChatThreadClient> =>
  clientFor((await chatToken(h, user, sessionId)).token).getChatThreadClient(threadId);

beforeAll(async () => {
  h = await startStack();
  owner = await h.user({ name: 'Olivia Owner' });
  member = await h.user({ name: 'Mo Member' });
  third = await h.user({ name: 'Theo Third' });
  sessionId = await sessionWith(h, owner, [member]);
  threadId = (await sessionThread(h, owner, sessionId)).threadId;
});
afterAll(async () => {
  await h?.close();
});

describe('the official ACS ChatClient against the embedded chat server: participants and threads', () => {
  it('lists, adds (:add) and removes (:remove) participants, with participantAdded/participantRemoved messages', async () => {
    const mine = await threadClientOf(owner);
    const before = await all(mine.listParticipants());
    expect(before.map((p) => getIdentifierRawId(p.id)).sort()).toEqual(
      [communicationUserIdOf(owner.id), communicationUserIdOf(member.id)].sort(),
    );
    expect(
      before.find((p) => getIdentifierRawId(p.id) === communicationUserIdOf(owner.id))?.displayName,
    ).toBe('Olivia Owner');

    const thirdId = communicationUserIdOf(third.id);
    const added = await mine.addParticipants({
      participants: [{ id: userOf(thirdId), displayName: 'Theo' }],
    });
    expect(added.invalidParticipants ?? []).toEqual([]);
    const paged: number[] = [];
    for await (const page of mine.listParticipants({ maxPageSize: 1 }).byPage())
      paged.push(page.length);
    expect(paged).toEqual([1, 1, 1]);
    const addedMessage = (await all(mine.listMessages({ maxPageSize: 5 }))).find(
      (m) => m.type === 'participantAdded',
    );
    expect(addedMessage?.content?.participants?.map((p) => getIdentifierRawId(p.id))).toEqual([
      thirdId,
    ]);
    expect(addedMessage?.content?.initiator).toEqual({
      kind: 'communicationUser',
      communicationUserId: communicationUserIdOf(owner.id),
    });

    await mine.removeParticipant(userOf(thirdId));
    expect((await all(mine.listParticipants())).map((p) => getIdentifierRawId(p.id))).not.toContain(
      thirdId,
    );
    const [latest] = await all(mine.listMessages({ maxPageSize: 1 }));
    expect(latest?.type).toBe('participantRemoved');
    expect(latest?.content?.participants?.map((p) => getIdentifierRawId(p.id))).toEqual([thirdId]);
  });

  it('only the thread creator adds participants: a member gets 403', async () => {
    const theirs = await threadClientOf(member);
    expect(
      await refusal(() =>
        theirs.addParticipants({ participants: [{ id: userOf(communicationUserIdOf(third.id)) }] }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'Forbidden' });
  });

  it('creates, lists and deletes threads with ChatClient', async () => {
    const client = clientFor(async () => (await chatToken(h, member)).token);
    const created = await client.createChatThread(
      { topic: 'side chat' },
      { participants: [{ id: userOf(communicationUserIdOf(third.id)), displayName: 'Theo' }] },
    );
    const id = created.chatThread!.id;
    expect(created.chatThread).toMatchObject({
      topic: 'side chat',
      createdBy: { communicationUserId: communicationUserIdOf(member.id) },
    });
    expect(created.invalidParticipants ?? []).toEqual([]);
    const people = await all(client.getChatThreadClient(id).listParticipants());
    expect(people.map((p) => [getIdentifierRawId(p.id), p.displayName]).sort()).toEqual(
      [
        [communicationUserIdOf(member.id), 'Mo Member'],
        [communicationUserIdOf(third.id), 'Theo'],
      ].sort(),
    );
    const listed = await all(client.listChatThreads({ maxPageSize: 1 }));
    expect(listed.map((t) => t.id)).toEqual(expect.arrayContaining([id, threadId]));
    expect(listed.find((t) => t.id === id)?.topic).toBe('side chat');

    // Only communication users can be participants: others come back as invalidParticipants.
    const mixed = await client.createChatThread(
      { topic: 'mixed' },
      { participants: [{ id: { phoneNumber: '+15550100' } }] },
    );
    expect(mixed.invalidParticipants?.[0]).toMatchObject({
      code: 'BadRequest',
      target: '4:+15550100',
    });

    await client.deleteChatThread(id);
    expect(await refusal(() => client.getChatThreadClient(id).getProperties())).toMatchObject({
      statusCode: 404,
    });
  });
});
