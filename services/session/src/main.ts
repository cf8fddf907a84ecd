import { hostname } from 'node:os';
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
import { createRouteQueue } from './context.js';
import { startTravelConsumer } from './consumers/travel-computed.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const database = await openDatabase({
    schema: 'session',
    migrationsFolder: MIGRATIONS,
    url: config.DATABASE_URL,
    dataDir: pgliteDir(config.DATA_DIR, 'session'),
  });
  const redis = createRedis(config.REDIS_URL);
  const bus = createEventBus({ redis, prefix: config.REDIS_PREFIX, source: 'session' });
  const routeQueue = createRouteQueue(redis, config.REDIS_PREFIX);
  const app = await buildApp({ config, db: database.db, redis, bus, routeQueue, pingDb: database.ping });
  const consumer = startTravelConsumer({
    bus,
    db: database.db,
    redis,
    prefix: config.REDIS_PREFIX,
    consumer: config.CONSUMER_NAME ?? `${hostname()}-${process.pid}`,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await consumer.stop();
    await bus.close();
    await routeQueue.close();
    redis.disconnect();
    await database.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
