import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses the public internet cannot be told apart from this machine's networks by: a server
 * must not be steered there by a URL someone else chose (a push endpoint, a webhook). IPv4-mapped
 * IPv6 forms (::ffff:127.0.0.1) are checked against the IPv4 ranges by BlockList itself.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}
/** Global unicast (and the IPv4-mapped and NAT64 forms, checked by their IPv4 address): no other IPv6 range is the public internet. */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
GLOBAL_UNICAST.addSubnet('::ffff:0:0', 96, 'ipv6');
GLOBAL_UNICAST.addSubnet('64:ff9b::', 96, 'ipv6');

/** The IPv4 address an IPv6 address carries in its last 32 bits (NAT64 64:ff9b::/96, 6to4 2002::/16 in bits 16–48). */
function embeddedIPv4(address: string): string | null {
  const words = expandIPv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0))
    return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  return null;
}

/** The eight 16-bit words of an IPv6 address (with a dotted IPv4 tail read as two words); null if unreadable. */
function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const read = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const a = read(head);
  const b = tail === undefined ? [] : read(tail);
  const fill = 8 - a.length - b.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return null;
  return [...a, ...new Array<number>(fill).fill(0), ...b];
}

/**
 * Whether `address` (a literal IPv4 or IPv6 address, without brackets or zone) is on the public
 * internet: not loopback, private, CGNAT, link-local, multicast, unique-local, unspecified,
 * documentation or reserved, nor an IPv4-mapped, NAT64 or 6to4 form of one of those. Anything that
 * is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  if (NOT_PUBLIC.check(address, 'ipv6') || !GLOBAL_UNICAST.check(address, 'ipv6')) return false;
  const inner = embeddedIPv4(address);
  return inner === null || !NOT_PUBLIC.check(inner, 'ipv4');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address a host name resolves to (the system resolver by default; tests may give their own). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A host that resolves to (or is) an address that is not public; `code` is what net errors carry. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is not a public address (${address})`);
  }
}

/** A URL's hostname as a bare address or name: `[::1]` → `::1`. */
export const bareHost = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/**
 * The addresses `host` (a name or a literal, brackets allowed) resolves to, all of them public, or
 * a NonPublicAddressError naming the first that is not. A name that resolves to nothing throws the
 * resolver's error.
 */
export async function resolvePublic(
  host: string,
  resolve: HostResolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const bare = bareHost(host);
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal as 4 | 6 }] : await resolve(bare);
  if (addresses.length === 0)
    throw Object.assign(new Error(`${bare} has no address`), { code: 'ENOTFOUND' });
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) throw new NonPublicAddressError(bare, bad.address);
  return addresses;
}

/**
 * A `lookup` for net/tls connections (an http(s) Agent's options, net.connect) that resolves, checks
 * every address is public and hands exactly those checked addresses to the connection: no second
 * resolution can rebind the name to an internal address between the check and the connect.
 * (Literal IP hosts never reach a lookup: check them with resolvePublic before connecting.)
 * `allowPrivate` (tests with a local server only) skips the check but still connects to what it resolved.
 */
export function publicOnlyLookup(
  resolve: HostResolver = systemResolver,
  opts: { allowPrivate?: boolean } = {},
): LookupFunction {
  return (hostname, options, callback) => {
    (opts.allowPrivate ? resolve(hostname) : resolvePublic(hostname, resolve)).then(
      (addresses) => {
        const family = typeof options === 'object' && options ? options.family : undefined;
        const fitting =
          family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (fitting.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${family} address`), {
              code: 'ENOTFOUND',
            }) as NodeJS.ErrnoException,
            '',
            0,
          );
          return;
        }
        if (typeof options === 'object' && options?.all)
          (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, fitting);
        else callback(null, fitting[0]!.address, fitting[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
