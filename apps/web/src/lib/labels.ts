import { format, type User } from '@oneeta/contracts';
import { SPEC, UI } from '../text';

type Named = Pick<User, 'name' | 'email'>;

/** The profile dropdown's label: the user's name, else e-mail, else 'Profile'. */
export function profileMenuLabel(user: Named | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const email = user?.email?.trim();
  if (email) return email;
  return SPEC.profile;
}

/** The bottom bar's profile item: 'You' when the user has a name, else 'Profile'. */
export function bottomBarProfileLabel(user: Named | null | undefined): string {
  return user?.name?.trim() ? SPEC.you : SPEC.profile;
}

/** One letter for an avatar: the first letter of the name, else of the e-mail, else '?'. */
export function initialOf(user: Named | null | undefined): string {
  const source = user?.name?.trim() || user?.email?.trim() || '?';
  return source.charAt(0).toUpperCase();
}

/** '1 participant', '0 participants', '2 participants' (English plural rules). */
export function participantCountLabel(count: number): string {
  return format(count === 1 ? UI.participantOne : UI.participantMany, { n: count });
}
