import { createServiceApp, pingRedis, type ServiceAppDeps } from '@oneeta/service-kit';
import { createContext, type CommunicationDeps } from './context.js';
import { chatRoutes } from './routes/chat.js';
import { communicationRoutes } from './routes/communication.js';

export type { CommunicationDeps } from './context.js';
export interface CommunicationAppDeps extends CommunicationDeps, ServiceAppDeps {}

/**
 * The communication service: the product's calls under /api/communication and the embedded chat
 * server (ACS's chat wire format) under /chat.
 */
export async function buildApp(deps: CommunicationAppDeps) {
  const { app, guards } = await createServiceApp({
    name: 'communication',
    config: deps.config,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
    accounts: deps.accounts,
    verifier: deps.verifier,
  });
  const ctx = createContext(deps);
  communicationRoutes(app, ctx, guards);
  chatRoutes(app, ctx);
  // The chat server and store the routes use: the session.changed consumer syncs threads on them too.
  return Object.assign(app, { chat: ctx.chat, chatStore: ctx.store });
}
