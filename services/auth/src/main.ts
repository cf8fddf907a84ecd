import { fileURLToPath } from 'node:url';
import { loadConfig, main, openServiceInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { loadKeyRing } from './keys.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('auth', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const keys = await loadKeyRing(database.db, config.JWT_PRIVATE_KEY);
  const app = await buildApp({ config, db: database.db, redis, bus, keys, pingDb: database.ping });
  app.addHook('onClose', infra.close);
  await runService({ app, port: config.PORT, host: config.HOST });
});
