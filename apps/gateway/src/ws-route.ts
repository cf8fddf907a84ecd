import websocket from '@fastify/websocket';
import type { App } from '@oneeta/service-kit';
import { BAD_MESSAGE } from './ws-checks.js';
import type { WsHub } from './ws-hub.js';

const BINARY_FRAME = JSON.stringify(BAD_MESSAGE);

/** Mounts GET /ws (websocket upgrade) on the hub. */
export async function registerWsRoute(app: App, hub: WsHub): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.route({
    method: 'GET',
    url: '/ws',
    // A plain HTTP GET gets the usual error shape instead of an empty 404.
    handler: async (_request, reply) =>
      reply.code(426).send({ error: 'Connect with a WebSocket', code: 'upgrade_required' }),
    wsHandler: (socket, request) => {
      hub.add(socket);
      socket.on('pong', () => hub.pong(socket));
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          socket.send(BINARY_FRAME);
          return;
        }
        void hub.receive(socket, data.toString());
      });
      socket.on('error', (err) => request.log.debug({ err }, 'websocket error'));
      socket.on('close', () => void hub.remove(socket));
    },
  });
}
