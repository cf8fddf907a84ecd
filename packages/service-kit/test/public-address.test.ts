import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  NonPublicAddressError,
  publicOnlyLookup,
  resolvePublic,
  type HostResolver,
} from '../src/public-address.js';

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    '100::1',
    'not-an-address',
    '0x7f000001',
    '2130706433',
    '0177.0.0.1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.185.10',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '2a00:1450:4001:80b::200a',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolvePublic', () => {
  const dns: HostResolver = async (host) =>
    ({
      'public.test': [{ address: '8.8.8.8', family: 4 as const }],
      'mixed.test': [
        { address: '8.8.8.8', family: 4 as const },
        { address: '10.0.0.7', family: 4 as const },
      ],
      'v6local.test': [{ address: 'fd00::5', family: 6 as const }],
    })[host] ??
    Promise.reject(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
    );

  it('gives the public addresses of a name', async () => {
    expect(await resolvePublic('public.test', dns)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('refuses a name any of whose addresses is not public', async () => {
    await expect(resolvePublic('mixed.test', dns)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(resolvePublic('v6local.test', dns)).rejects.toThrow(/fd00::5/);
  });

  it('checks literal addresses (bracketed IPv6 too) without asking the resolver', async () => {
    const never: HostResolver = () => Promise.reject(new Error('asked'));
    await expect(resolvePublic('[::1]', never)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(resolvePublic('[::ffff:7f00:1]', never)).rejects.toBeInstanceOf(
      NonPublicAddressError,
    );
    await expect(resolvePublic('127.0.0.1', never)).rejects.toBeInstanceOf(NonPublicAddressError);
    expect(await resolvePublic('[2a00:1450:4001:80b::200a]', never)).toEqual([
      { address: '2a00:1450:4001:80b::200a', family: 6 },
    ]);
  });

  it("passes on the resolver's error for a name that does not resolve", async () => {
    await expect(resolvePublic('nowhere.test', dns)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('publicOnlyLookup on an HTTP agent', () => {
  let server: Server;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers.host ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = () => (server.address() as AddressInfo).port;

  const get = (host: string, agent: Agent) =>
    new Promise<string>((resolve, reject) => {
      const req = request({ host, port: port(), path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      });
      req.on('error', reject);
      req.end();
    });

  it('never connects to a name that resolves to a loopback address, and asks the resolver once per connection', async () => {
    let asked = 0;
    const rebinding: HostResolver = async () => (asked++, [{ address: '127.0.0.1', family: 4 }]);
    const agent = new Agent({ lookup: publicOnlyLookup(rebinding) });
    await expect(get('internal.test', agent)).rejects.toMatchObject({ code: 'ENONPUBLIC' });
    expect(asked).toBe(1);
    expect(seen).toEqual([]);
  });

  it('connects to exactly the address it resolved, keeping the name as Host (a local server, private addresses allowed)', async () => {
    const once: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const agent = new Agent({ lookup: publicOnlyLookup(once, { allowPrivate: true }) });
    expect(await get('stand-in.test', agent)).toBe('200');
    expect(seen).toEqual([`stand-in.test:${port()}`]);
  });
});
