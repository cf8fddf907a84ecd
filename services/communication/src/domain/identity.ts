import type { CommunicationIdentifierModel } from '@oneeta/contracts';

/**
 * Embedded communication user ids look like ACS's (`8:acs:<resource>_<user>`), with our resource
 * name and the OneETA user id: one chat identity per account, derived, so no table maps them.
 */
export const EMBEDDED_RESOURCE = 'oneeta';
const PREFIX = `8:acs:${EMBEDDED_RESOURCE}_`;

export const communicationUserIdOf = (userId: string): string => `${PREFIX}${userId}`;

/** The OneETA user id inside an embedded communication user id, or null for any other id. */
export function userIdOfCommunicationUser(id: string): string | null {
  return id.startsWith(PREFIX) && id.length > PREFIX.length ? id.slice(PREFIX.length) : null;
}

/** A communication user as the chat API writes identifiers: kind, rawId and the user's id. */
export const identifierOf = (id: string): CommunicationIdentifierModel => ({
  kind: 'communicationUser',
  rawId: id,
  communicationUser: { id },
});

/**
 * The communication user id an identifier names, or null when it names something else (a phone
 * number, a Teams user) or is inconsistent (rawId and communicationUser.id disagree).
 */
export function communicationUserOf(model: CommunicationIdentifierModel): string | null {
  const id = model.communicationUser?.id;
  if (model.kind !== undefined && model.kind !== 'communicationUser' && model.kind !== 'unknown')
    return null;
  if (model.phoneNumber || model.microsoftTeamsUser || model.microsoftTeamsApp) return null;
  if (id) return model.rawId === undefined || model.rawId === id ? id : null;
  return model.rawId?.startsWith('8:acs:') ? model.rawId : null;
}
