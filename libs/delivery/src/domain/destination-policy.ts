/**
 * Where webhooks may go (SSRF safety, issue 6): https only, and never to loopback, private,
 * link-local, metadata or other non-public addresses, unless configuration allows it (tests,
 * local development), which also allows plain http. Checked when a URL is registered and again
 * for the address actually connected to at each attempt, since DNS can change in between.
 */
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, incl. fd00::/8 and AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];
for (const [network, prefix] of V4) BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of V6) BLOCKED.addSubnet(network, prefix, 'ipv6');

/** IPv4 carried inside IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged as IPv4. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for every address a webhook must not reach (and for anything that is not an IP). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return BLOCKED.check(bare, 'ipv4');
  if (version !== 6) return true;
  const inner = embeddedIpv4(bare);
  return inner !== null ? BLOCKED.check(inner, 'ipv4') : BLOCKED.check(bare, 'ipv6');
}

export type UrlVerdict = { ok: true; url: URL; hostname: string } | { ok: false; reason: string };

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)$/i;

/** What can be said without DNS: the scheme, and hosts that are addresses or local names. */
export function checkUrlShape(raw: string, allowPrivate: boolean): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a valid URL' };
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return { ok: false, reason: 'must be an https URL' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'must not carry credentials' };
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (hostname === '') return { ok: false, reason: 'must name a host' };
  if (allowPrivate) return { ok: true, url, hostname };
  if (isIP(hostname) !== 0 && isBlockedAddress(hostname)) return { ok: false, reason: `must not point to a private, loopback, link-local or metadata address (${hostname})` };
  if (LOCAL_NAMES.test(hostname.replace(/\.$/, ''))) return { ok: false, reason: `must not point to a local host name (${hostname})` };
  return { ok: true, url, hostname };
}

/** After resolution: every address must be public, or one private answer could be picked. */
export function checkResolvedAddresses(hostname: string, addresses: readonly string[], allowPrivate: boolean): { ok: true } | { ok: false; reason: string } {
  if (allowPrivate) return { ok: true };
  if (addresses.length === 0) return { ok: false, reason: `host ${hostname} has no address` };
  const blocked = addresses.find(isBlockedAddress);
  return blocked === undefined ? { ok: true } : { ok: false, reason: `host ${hostname} resolves to a non-public address (${blocked})` };
}
