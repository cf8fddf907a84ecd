import type { ReactNode } from 'react';
import { httpErrorText } from './admin-logic';
import { ADMIN_UI } from './texts';

/**
 * What a panel shows while its query loads ('Loading…') or after it failed ('HTTP {status}', with
 * the server's text when `withBody`); null once there is data to show.
 */
export function queryNotice(
  query: { isPending: boolean; isError: boolean; error: unknown },
  withBody = false,
): ReactNode {
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        {ADMIN_UI.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="notice notice-error" role="alert">
        {httpErrorText(query.error, withBody)}
      </p>
    );
  }
  return null;
}
