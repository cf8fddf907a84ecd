import websocket from '@fastify/websocket';
import type { App } from '@oneeta/service-kit';
import type { WsHub } from './ws-hub.js';

/** Mounts GET /ws (websocket upgrade) on the hub; request.ip is the client of the per-address cap. */
export async function registerWsRoute(app: App, hub: WsHub): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.route({
    method: 'GET',
    url: '/ws',
    // A plain HTTP GET gets the usual error shape instead of an empty 404.
    handler: async (_request, reply) =>
      reply.code(426).send({ error: 'Connect with a WebSocket', code: 'upgrade_required' }),
    wsHandler: (socket, request) => {
      if (!hub.add(socket, request.ip)) return;
      socket.on('pong', () => hub.pong(socket));
      socket.on('message', (data, isBinary) => {
        // A binary frame counts against the message rate and gets the bad-message answer.
        void hub.receive(socket, isBinary ? null : data.toString());
      });
      socket.on('error', (err) => request.log.debug({ err }, 'websocket error'));
      socket.on('close', () => void hub.remove(socket));
    },
  });
}
