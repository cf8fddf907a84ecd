import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig, main, openServiceInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createRouteQueue } from './context.js';
import { startTravelConsumer } from './consumers/travel-computed.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('session', config, MIGRATIONS);
  const { database, redis, bus } = infra;
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
    await routeQueue.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
