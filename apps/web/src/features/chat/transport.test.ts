import { describe, expect, it, vi } from 'vitest';
import { ChatCallError, createRestChatTransport } from './transport';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('our chat transport (/chat/*, api-version 2025-03-15)', () => {
  it('lists and sends with the bearer token', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(200, { value: [{ id: '1' }] }))
      .mockResolvedValueOnce(json(201, { id: '2' }));
    const t = createRestChatTransport({
      sessionId: 's',
      threadId: '19:a@thread.v2',
      token: () => 'tok',
      fetch,
    });
    expect(await t.listMessages()).toEqual([{ id: '1' }]);
    expect(await t.sendMessage('{"message":"hi"}', 'Ada')).toEqual({ id: '2' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(
      '/chat/threads/19%3Aa%40thread.v2/messages?api-version=2025-03-15&maxPageSize=100',
    );
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toEqual({
      content: '{"message":"hi"}',
      senderDisplayName: 'Ada',
      type: 'text',
    });
  });

  it("shows the server's sentence of a refusal (429, 403)", async () => {
    const sentence =
      'The free plan sends at most 10 chat messages per hour. You can send your next message in 59 min.';
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(json(429, { error: { code: 'TooManyRequests', message: sentence } }));
    const t = createRestChatTransport({ sessionId: 's', threadId: 't', token: () => 'x', fetch });
    const error = await t.sendMessage('x', 'A').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatCallError);
    expect(error).toMatchObject({ message: sentence, status: 429, code: 'TooManyRequests' });
  });

  it("says 'HTTP {status}' when the server gives no sentence", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(new Response('', { status: 502 }));
    const t = createRestChatTransport({ sessionId: 's', threadId: 't', token: () => 'x', fetch });
    await expect(t.listMessages()).rejects.toMatchObject({ message: 'HTTP 502', status: 502 });
  });
});
