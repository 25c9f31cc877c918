/**
 * Whether an IP address is one a webhook may reach (SSRF safety). The ranges
 * come from ipaddr.js (its `range()`: every IANA special-purpose block it knows), not from a
 * hand-kept list: only plain `unicast` is public. IPv6 forms that carry an IPv4 address
 * (mapped, IPv4-compatible, SIIT, NAT64, 6to4, Teredo) are judged by that IPv4 address too, since
 * the packet ends up there: `[::127.0.0.1]` and `[2002:7f00:1::]` are loopback in disguise.
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

export type AddressVerdict = { public: true } | { public: false; reason: string };

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const PUBLIC: AddressVerdict = { public: true };
const refuse = (reason: string): AddressVerdict => ({ public: false, reason });

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** RFC 8215's local-use prefix: the operator picks the prefix length inside it. */
const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
/** IPv4-compatible addresses (RFC 4291 2.5.5.1, deprecated); `::` and `::1` are classified before. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

const ipv4At = (bytes: readonly number[], offset: number): IPv4 => new ipaddr.IPv4(bytes.slice(offset, offset + 4));

/**
 * RFC 6052 2.2: where the IPv4 address sits for a NAT64 prefix of `length` bits. Bits 64–71 (the
 * "u" octet) are skipped; the suffix after the address is zero. Returns null when the address
 * cannot have been built with that prefix length (non-zero u octet or suffix).
 */
function nat64Embedded(bytes: readonly number[], length: 48 | 56 | 64 | 96): IPv4 | null {
  const positions: number[] = [];
  let index = length / 8;
  while (positions.length < 4) {
    if (index !== 8) positions.push(index);
    index++;
  }
  const suffixZero = bytes.slice(index).every((byte) => byte === 0);
  const uOctetZero = length === 96 || bytes[8] === 0;
  return suffixZero && uOctetZero ? new ipaddr.IPv4(positions.map((position) => bytes[position])) : null;
}

/** Every IPv4 address an IPv6 address may lead to, or an empty list when it embeds none. */
function embeddedIpv4(address: IPv6, range: string): IPv4[] {
  const bytes = address.toByteArray();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (SIIT)
      return [ipv4At(bytes, 12)];
    case 'rfc6052': {
      if (address.match(NAT64_WELL_KNOWN)) return [ipv4At(bytes, 12)];
      // The local-use prefix may be any length from /48 to /96: every placement the bits allow
      // is judged, so a loopback address hidden at any of them is found.
      if (address.match(NAT64_LOCAL_USE))
        return ([48, 56, 64, 96] as const).map((length) => nat64Embedded(bytes, length)).filter((ip): ip is IPv4 => ip !== null);
      return [];
    }
    case '6to4': // 2002:AABB:CCDD::/48 routes to the 6to4 router at AA.BB.CC.DD
      return [ipv4At(bytes, 2)];
    case 'teredo': {
      // 2001:0:<server>:<flags>:<port>:<client XOR ffff:ffff> (RFC 4380 4): both ends are IPv4.
      const client = bytes.slice(12, 16).map((byte) => byte ^ 0xff);
      return [ipv4At(bytes, 4), new ipaddr.IPv4(client)];
    }
    case 'unicast':
      return address.match(IPV4_COMPATIBLE) ? [ipv4At(bytes, 12)] : [];
    default:
      return [];
  }
}

function classifyIpv4(address: IPv4): AddressVerdict {
  const range = address.range();
  return range === 'unicast' ? PUBLIC : refuse(range);
}

function classifyIpv6(address: IPv6): AddressVerdict {
  const range = address.range();
  const inner = embeddedIpv4(address, range);
  if (inner.length === 0) return range === 'unicast' ? PUBLIC : refuse(range);
  for (const ipv4 of inner) {
    const verdict = classifyIpv4(ipv4);
    if (!verdict.public) return refuse(`${range === 'unicast' ? 'IPv4-compatible' : range} carrying ${ipv4.toString()} (${verdict.reason})`);
  }
  return PUBLIC;
}

/**
 * Classifies one address as DNS returns it or as a URL's host (brackets allowed). Anything that
 * is not an IP literal in canonical form is refused: `2130706433` or `0x7f.1` never reach here
 * unparsed (the URL parser and getaddrinfo turn them into dotted quads first), and an address
 * with a zone id (`fe80::1%eth0`) names a link, which is never public.
 */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (bare.includes('%')) return refuse('zone id');
  const version = isIP(bare);
  if (version === 4) return ipaddr.IPv4.isValidFourPartDecimal(bare) ? classifyIpv4(ipaddr.IPv4.parse(bare)) : refuse('not a dotted-quad address');
  if (version !== 6) return refuse('not an IP address');
  // Canonical form first (the WHATWG serializer writes every group in hex): ipaddr.js would read
  // the deprecated `::a.b.c.d` as `::ffff:a.b.c.d`, another address. Never throws: this runs
  // inside a DNS callback, where an exception would end the process.
  try {
    const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    return classifyIpv6(ipaddr.IPv6.parse(canonical));
  } catch {
    return refuse('not an IP address');
  }
}

export const isPublicAddress = (address: string): boolean => classifyAddress(address).public;
