import type { User } from '@oneeta/contracts';
import { EMAIL_TEXT } from './texts';

/** The e-mail tab (doc 1 §2): the account address and what is sent to it. */
export function EmailTab({ user }: { user: User }) {
  return (
    <div className="profile-panel-body">
      <dl className="facts profile-email-facts">
        <div>
          <dt>{EMAIL_TEXT.accountEmail}</dt>
          <dd className="profile-email">{user.email}</dd>
        </div>
      </dl>
      <p>{EMAIL_TEXT.invites}</p>
      <p>{EMAIL_TEXT.notifications}</p>
    </div>
  );
}
