import { createFileRoute } from '@tanstack/react-router';
import { EnterpriseContactPage } from '../features/enterprise/EnterpriseContactPage';

export const Route = createFileRoute('/enterprise/contact')({ component: EnterpriseContactPage });
