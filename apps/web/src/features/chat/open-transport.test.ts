import { describe, expect, it } from 'vitest';
import { openCallingPort } from './calling/open-port';
import { openTransport } from './open-transport';

describe("the token's mode picks the transport and calling", () => {
  it('embedded: our /chat/* transport, and no calling (Voice and Video stay coming soon)', async () => {
    const transport = await openTransport({
      mode: 'embedded',
      sessionId: 's1',
      endpoint: 'http://127.0.0.1:8080',
      threadId: 't1',
      token: () => 'tok',
      refreshToken: async () => 'tok',
    });
    expect(transport.mode).toBe('embedded');
    transport.close();
    expect(
      await openCallingPort('embedded', {
        token: 'tok',
        displayName: 'Ada',
        refreshToken: async () => 'tok',
      }),
    ).toBeNull();
  });
});
