import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'open' | 'frozen' | 'refusing';

/**
 * A TCP proxy the test controls, in front of a real server: 'frozen' stops every byte both ways
 * and holds new connections unanswered (a hung database); 'refusing' drops every connection (a
 * dead one); 'open' lets everything through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = 'open';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();

  const link = (pair: { client: net.Socket; upstream: net.Socket | null }) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    pair.client.pipe(upstream).pipe(pair.client);
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
  };

  const server = net.createServer((client) => {
    if (mode === 'refusing') {
      client.destroy();
      return;
    }
    const pair = { client, upstream: null as net.Socket | null };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'open') link(pair);
    else client.pause(); // frozen: accepted, never answered
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    /** Connections currently held open through the proxy. */
    get connections() {
      return pairs.size;
    },
    setMode(next: ProxyMode) {
      mode = next;
      for (const pair of pairs) {
        if (next === 'refusing') {
          pair.client.destroy();
        } else if (next === 'frozen') {
          if (pair.upstream) {
            pair.client.unpipe(pair.upstream);
            pair.upstream.unpipe(pair.client);
            pair.upstream.pause();
          }
          pair.client.pause();
        } else if (!pair.upstream) {
          link(pair);
        } else {
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
        }
      }
    },
    close: async () => {
      for (const pair of pairs) pair.client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
