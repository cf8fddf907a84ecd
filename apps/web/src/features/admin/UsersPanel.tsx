import { format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminUsersQuery, type AdminUser } from '../../api/admin';
import { AdminDialog } from './AdminDialog';
import { minuteLabel, prettyJson, shortId } from './admin-logic';
import { ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import { useCopyId } from './use-copy-id';
import { queryNotice } from './query-notice';

function flagsOf(user: AdminUser): string {
  return [user.isAdmin && ADMIN_UI.flagAdmin, user.disabled && ADMIN_UI.flagDisabled]
    .filter(Boolean)
    .join(', ');
}

/** The users table (id, email, name, plan, created, flags) with a View dialog of the full JSON. */
export function UsersPanel() {
  const users = useQuery(adminUsersQuery());
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const copyId = useCopyId();
  const items = users.data?.items ?? [];
  return (
    <section className="card admin-panel">
      <h3 id="admin-users">{ADMIN_UI.users}</h3>
      {queryNotice(users, true) ??
        (items.length === 0 ? (
          <p className="muted">{ADMIN_SPEC.noUsers}</p>
        ) : (
          <ScrollTable
            label={ADMIN_UI.users}
            columns={[
              ADMIN_UI.colId,
              ADMIN_UI.colEmail,
              ADMIN_UI.colName,
              ADMIN_UI.colPlan,
              ADMIN_UI.colCreated,
              ADMIN_UI.colFlags,
              ADMIN_UI.colActions,
            ]}
          >
            <tbody>
              {items.map((user) => (
                <tr key={user.id}>
                  <td>
                    <button
                      type="button"
                      className="admin-id"
                      title={user.id}
                      aria-label={format(ADMIN_UI.copyUserId, { id: user.id })}
                      onClick={() => copyId(user.id)}
                    >
                      {shortId(user.id)}
                    </button>
                  </td>
                  <th scope="row" className="admin-wrap">
                    {user.email}
                  </th>
                  <td>{user.name ?? ''}</td>
                  <td>{user.plan}</td>
                  <td>{minuteLabel(user.createdAt)}</td>
                  <td>{flagsOf(user)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`${ADMIN_SPEC.view} ${user.email}`}
                      onClick={() => setViewing(user)}
                    >
                      {ADMIN_SPEC.view}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ))}
      {viewing && (
        <AdminDialog
          title={format(ADMIN_UI.userJson, { id: viewing.email })}
          onClose={() => setViewing(null)}
        >
          <pre className="admin-json" tabIndex={0}>
            {prettyJson(viewing)}
          </pre>
        </AdminDialog>
      )}
    </section>
  );
}
