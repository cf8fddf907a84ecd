// A tiny map tile server on 127.0.0.1 for the MapLibre browser test: a MapLibre style JSON with one
// raster source, and its 256 px PNG tiles made on the fly (two ground colours in a checkerboard of
// tiles, white "streets" every 64 px), with the CORS header a cross-origin map needs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePng, type Rgb } from './png.js';

/** The ground colours of even and odd tiles ((x + y) % 2), and the streets across them. */
export const TILE_COLOURS = {
  even: [204, 228, 196] as Rgb,
  odd: [236, 222, 196] as Rgb,
  street: [255, 255, 255] as Rgb,
} as const;

/** What the style's source credits (MapLibre shows it beside the map's own attribution). */
export const TILE_ATTRIBUTION = '© OneETA test tiles';

export interface TileServer {
  /** http://127.0.0.1:{port} */
  origin: string;
  styleUrl: string;
  /** Every path asked for, in order. */
  requests: string[];
  /** true: the style answers 500 (the map must fall back to the offline one). */
  failStyle: boolean;
  close: () => Promise<void>;
}

const TILE = /^\/tiles\/(\d{1,2})\/(\d+)\/(\d+)\.png$/;

function tilePng(x: number, y: number): Buffer {
  const ground = (x + y) % 2 === 0 ? TILE_COLOURS.even : TILE_COLOURS.odd;
  return encodePng(256, 256, (px, py) =>
    px % 64 < 6 || py % 64 < 6 ? TILE_COLOURS.street : ground,
  );
}

function style(origin: string) {
  return {
    version: 8,
    name: 'OneETA e2e tiles',
    sources: {
      streets: {
        type: 'raster',
        tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
        tileSize: 256,
        maxzoom: 19,
        attribution: TILE_ATTRIBUTION,
      },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': '#d9d9d9' } },
      { id: 'streets', type: 'raster', source: 'streets', paint: { 'raster-fade-duration': 0 } },
    ],
  };
}

export async function startTileServer(): Promise<TileServer> {
  const requests: string[] = [];
  const tiles = new Map<string, Buffer>();
  let origin = '';
  const control = { failStyle: false };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    requests.push(path);
    res.setHeader('access-control-allow-origin', '*');
    if (path === '/style.json' && control.failStyle) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('style unavailable');
      return;
    }
    if (path === '/style.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(style(origin)));
      return;
    }
    const match = TILE.exec(path);
    if (req.method === 'GET' && match) {
      const [, , x, y] = match.map(Number);
      const key = `${x! % 2},${y! % 2}`;
      if (!tiles.has(key)) tiles.set(key, tilePng(x!, y!));
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      res.end(tiles.get(key));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    styleUrl: `${origin}/style.json`,
    requests,
    get failStyle() {
      return control.failStyle;
    },
    set failStyle(value: boolean) {
      control.failStyle = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
