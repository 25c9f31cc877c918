import ipaddr from 'ipaddr.js';
import { classifyAddress } from './address-classification';
import { checkResolvedAddresses, checkUrlShape } from './destination-policy';

type Row = [address: string, isPublic: boolean];

/** One or more addresses for every range ipaddr.js names, and whether a webhook may go there. */
const IPV4: Record<string, Row[]> = {
  unspecified: [
    ['0.0.0.0', false],
    ['0.1.2.3', false],
  ],
  broadcast: [['255.255.255.255', false]],
  multicast: [
    ['224.0.0.1', false],
    ['239.255.255.250', false],
  ],
  linkLocal: [
    ['169.254.169.254', false],
    ['169.254.0.1', false],
  ],
  loopback: [
    ['127.0.0.1', false],
    ['127.255.0.9', false],
  ],
  carrierGradeNat: [
    ['100.64.0.1', false],
    ['100.127.255.254', false],
  ],
  private: [
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
  ],
  reserved: [
    ['192.0.0.8', false],
    ['192.0.2.1', false],
    ['192.88.99.1', false],
    ['198.18.0.1', false],
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['240.0.0.1', false],
  ],
  as112: [
    ['192.175.48.1', false],
    ['192.31.196.1', false],
  ],
  amt: [['192.52.193.1', false]],
  unicast: [
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['172.32.0.1', true],
    ['192.169.0.1', true],
    ['100.128.0.1', true],
    ['1.1.1.1', true],
  ],
};

const IPV6: Record<string, Row[]> = {
  unspecified: [['::', false]],
  loopback: [['::1', false]],
  linkLocal: [['fe80::1', false]],
  multicast: [
    ['ff02::1', false],
    ['ff0e::1', false],
  ],
  uniqueLocal: [
    ['fc00::1', false],
    ['fd00:ec2::254', false],
  ],
  ipv4Mapped: [
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:8.8.8.8', true],
  ],
  deprecatedSiteLocal: [['fec0::1', false]],
  discard: [['100::1', false]],
  rfc6145: [
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:808:808', true],
  ],
  rfc6052: [
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['64:ff9b::808:808', true],
    // RFC 8215 local use: the IPv4 at the /96 place, and at the /48 place (bits 48-63, 72-87).
    ['64:ff9b:1::7f00:1', false],
    ['64:ff9b:1:7f00:0:1::', false],
    ['64:ff9b:1::808:808', true],
  ],
  '6to4': [
    ['2002:7f00:1::', false],
    ['2002:a9fe:a9fe::1', false],
    ['2002:c0a8:101::1', false],
    ['2002:808:808::1', true],
  ],
  teredo: [
    // RFC 4380's own example: its client 192.0.2.45 is a documentation address.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false], // client 127.0.0.1 (inverted)
    ['2001:0:7f00:1:8000:63bf:f7f7:f7f7', false], // server 127.0.0.1
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true], // server 65.54.227.120, client 8.8.8.8
  ],
  benchmarking: [['2001:2::1', false]],
  amt: [['2001:3::1', false]],
  as112v6: [
    ['2001:4:112::1', false],
    ['2620:4f:8000::1', false],
  ],
  deprecatedOrchid: [['2001:10::1', false]],
  orchid2: [['2001:20::1', false]],
  droneRemoteIdProtocolEntityTags: [['2001:30::1', false]],
  segmentRouting: [['5f00::1', false]],
  reserved: [
    ['2001:db8::1', false],
    ['3fff::1', false],
    ['2001:1::1', false],
  ],
  unicast: [
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:81c::200e', true],
    // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls them unicast; judged by the IPv4.
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::a9fe:a9fe', false],
    ['::2', false],
    ['::8.8.8.8', true],
  ],
};

type Subnet<T> = [T, number];
/** ipaddr.js's own table (not in its typings): single entries or lists of [network, prefix]. */
function specialRanges<T>(prototype: object): Record<string, Subnet<T>[]> {
  const table = (prototype as { SpecialRanges: Record<string, Subnet<T> | Subnet<T>[]> }).SpecialRanges;
  return Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, Array.isArray(entry[0]) ? (entry as Subnet<T>[]) : [entry as Subnet<T>]]));
}
const V4_RANGES = specialRanges<ipaddr.IPv4>(ipaddr.IPv4.prototype);
const V6_RANGES = specialRanges<ipaddr.IPv6>(ipaddr.IPv6.prototype);

/** ipaddr.js's range of an address as written (through the URL parser for IPv6, as classifyAddress does). */
function rangeOf(address: string): string {
  if (address.includes(':')) return ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1)).range();
  return ipaddr.IPv4.parse(address).range();
}

describe('classifyAddress (ipaddr.js ranges)', () => {
  it('has rows for every special-purpose range ipaddr.js knows, in both families', () => {
    expect(Object.keys(V4_RANGES).filter((name) => !(name in IPV4))).toEqual([]);
    expect(Object.keys(V6_RANGES).filter((name) => !(name in IPV6))).toEqual([]);
  });

  const rows = [...Object.entries(IPV4), ...Object.entries(IPV6)].flatMap(([range, list]) =>
    list.map(([address, isPublic]) => [range, address, isPublic] as const),
  );
  it.each(rows)('%s: %s is public: %s', (range, address, isPublic) => {
    expect(rangeOf(address)).toBe(range);
    expect(classifyAddress(address).public).toBe(isPublic);
    expect(classifyAddress(`[${address}]`).public).toBe(isPublic);
  });

  const bounds = [
    ...Object.entries(V4_RANGES).flatMap(([name, subnets]) =>
      subnets.flatMap(([network, prefix]) =>
        [ipaddr.IPv4.networkAddressFromCIDR(`${network}/${prefix}`), ipaddr.IPv4.broadcastAddressFromCIDR(`${network}/${prefix}`)].map(
          (ip) => [name, ip.toString()] as const,
        ),
      ),
    ),
    ...Object.entries(V6_RANGES).flatMap(([name, subnets]) =>
      subnets.flatMap(([network, prefix]) =>
        [ipaddr.IPv6.networkAddressFromCIDR(`${network}/${prefix}`), ipaddr.IPv6.broadcastAddressFromCIDR(`${network}/${prefix}`)].map(
          (ip) => [name, ip.toString()] as const,
        ),
      ),
    ),
  ];
  it.each(bounds)('refuses the first and last address of every %s block (%s)', (_name, address) => {
    expect(classifyAddress(address).public).toBe(false);
  });

  it('says why, naming the IPv4 address hidden in an IPv6 one', () => {
    expect(classifyAddress('::127.0.0.1')).toEqual({ public: false, reason: 'IPv4-compatible carrying 127.0.0.1 (loopback)' });
    expect(classifyAddress('2002:7f00:1::')).toEqual({ public: false, reason: '6to4 carrying 127.0.0.1 (loopback)' });
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toEqual({ public: false, reason: 'rfc6052 carrying 169.254.169.254 (linkLocal)' });
    expect(classifyAddress('10.0.0.1')).toEqual({ public: false, reason: 'private' });
  });

  it('refuses zone ids, non-canonical IPv4 and anything that is not an address', () => {
    for (const address of [
      'fe80::1%eth0',
      '[fe80::1%25eth0]',
      '2606:4700:4700::1111%1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '127.0.0.1.',
      'localhost',
      '',
      'not-an-ip',
    ]) {
      expect([address, classifyAddress(address).public]).toEqual([address, false]);
    }
  });
});

describe('URL literals an attacker may try (registration and create time)', () => {
  it.each([
    'https://2130706433/', // decimal
    'https://0x7f.1/', // hex, short form
    'https://0x7f000001/',
    'https://0177.0.0.1/', // octal
    'https://127.1/',
    'https://127.0.0.1./', // trailing dot
    'https://127.0.0.1../',
    'https://0/',
    'https://[::ffff:7f00:1]/',
    'https://[0:0:0:0:0:ffff:127.0.0.1]/',
    'https://[::127.0.0.1]/',
    'https://[::127.0.0.1]:8443/',
    'https://[2002:7f00:1::]/',
    'https://[64:ff9b::127.0.0.1]/',
    'https://[64:ff9b:1::7f00:1]/',
    'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'https://[fe80::1%25eth0]/', // zone id: the URL parser refuses it
    'https://[fd00:ec2::254]/',
    'https://localhost./',
    'https://LOCALHOST/',
  ])('refuses %s', (url) => {
    expect(checkUrlShape(url, false).ok).toBe(false);
  });

  it('accepts public literals, IPv4 inside IPv6 included', () => {
    for (const url of [
      'https://8.8.8.8/',
      'https://[2606:4700:4700::1111]/',
      'https://[::ffff:8.8.8.8]/',
      'https://[64:ff9b::8.8.8.8]/',
      'https://[2002:808:808::1]/',
    ]) {
      expect([url, checkUrlShape(url, false).ok]).toEqual([url, true]);
    }
  });

  it('refuses a name resolving to any IPv4-in-IPv6 disguise of an internal address', () => {
    for (const address of ['::7f00:1', '2002:7f00:1::', '64:ff9b::7f00:1', '2001:0:4136:e378:8000:63bf:80ff:fffe', 'fe80::1%eth0']) {
      expect([address, checkResolvedAddresses('hooks.example.com', ['8.8.8.8', address], false).ok]).toEqual([address, false]);
    }
  });
});
