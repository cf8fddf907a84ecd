import { accountEnvSchema, startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { requireMembershipConfig } from './session-membership.js';

// No tables: Redis, the bus and the account directory (the /ws caller's current account: admin
// bypass, verified e-mail, kept fresh from user.changed). buildApp closes the /ws hub and its Redis
// subscriber on close; the kit closes the rest.
startService({
  name: 'gateway',
  config: configSchema.extend(accountEnvSchema.shape),
  app: (kit) => {
    // Without the session service /ws could not tell who may follow a session: refuse to start.
    requireMembershipConfig(kit.config);
    return buildApp({ config: kit.config, redis: kit.redis, accounts: kit.accounts });
  },
});
