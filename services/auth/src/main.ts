import { fileURLToPath } from 'node:url';
import {
  createEventBus,
  createRedis,
  loadConfig,
  main,
  openDatabase,
  pgliteDir,
  runService,
} from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { loadKeyRing } from './keys.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const database = await openDatabase({
    schema: 'auth',
    migrationsFolder: MIGRATIONS,
    url: config.DATABASE_URL,
    dataDir: pgliteDir(config.DATA_DIR, 'auth'),
  });
  const redis = createRedis(config.REDIS_URL);
  const bus = createEventBus({ redis, prefix: config.REDIS_PREFIX, source: 'auth' });
  const keys = await loadKeyRing(database.db, config.JWT_PRIVATE_KEY);
  const app = await buildApp({ config, db: database.db, redis, bus, keys, pingDb: database.ping });
  app.addHook('onClose', async () => {
    await bus.close();
    redis.disconnect();
    await database.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
