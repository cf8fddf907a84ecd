import { describe, expect, it } from 'vitest';
import {
  communicationUserIdOf,
  communicationUserOf,
  identifierOf,
  userIdOfCommunicationUser,
} from './identity.js';

describe('communication identities', () => {
  it('derives an ACS-shaped id from a user id and reads the user id back', () => {
    const id = communicationUserIdOf('u1');
    expect(id).toBe('8:acs:oneeta_u1');
    expect(userIdOfCommunicationUser(id)).toBe('u1');
    expect(userIdOfCommunicationUser('8:acs:other_u1')).toBeNull();
  });

  it('writes identifiers with kind, rawId and communicationUser.id', () => {
    expect(identifierOf('8:acs:oneeta_u1')).toEqual({
      kind: 'communicationUser',
      rawId: '8:acs:oneeta_u1',
      communicationUser: { id: '8:acs:oneeta_u1' },
    });
  });

  it('reads a communication user from an identifier, refusing other kinds and mismatched rawIds', () => {
    expect(communicationUserOf({ communicationUser: { id: '8:acs:x_1' } })).toBe('8:acs:x_1');
    expect(communicationUserOf({ rawId: '8:acs:x_1' })).toBe('8:acs:x_1');
    expect(
      communicationUserOf({ rawId: '8:acs:x_2', communicationUser: { id: '8:acs:x_1' } }),
    ).toBeNull();
    expect(
      communicationUserOf({
        kind: 'phoneNumber',
        rawId: '4:+1555',
        phoneNumber: { value: '+1555' },
      }),
    ).toBeNull();
    expect(communicationUserOf({ rawId: '4:+1555' })).toBeNull();
  });
});
