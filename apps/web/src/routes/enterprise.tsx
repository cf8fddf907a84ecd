// /enterprise (linked from the landing page) and its child /enterprise/contact (the shell's route)
// show the same 'Contact sales' page (doc 1 §2: both readings are given).
import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { EnterpriseContactPage } from '../features/enterprise/EnterpriseContactPage';

export const Route = createFileRoute('/enterprise')({ component: EnterpriseRoute });

function EnterpriseRoute() {
  const children = useChildMatches();
  return children.length > 0 ? <Outlet /> : <EnterpriseContactPage />;
}
