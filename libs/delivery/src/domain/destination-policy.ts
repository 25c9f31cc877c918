/**
 * Where webhooks may go (SSRF safety): https only, and never to loopback, private,
 * link-local, metadata or other non-public addresses, unless configuration allows it (tests,
 * local development), which also allows plain http. Checked when a URL is registered and again
 * for the address actually connected to at each attempt, since DNS can change in between.
 * Which addresses are public is address-classification.ts's call (ipaddr.js ranges).
 */
import { isIP } from 'node:net';
import { classifyAddress } from './address-classification';

/** True for every address a webhook must not reach (and for anything that is not an IP). */
export function isBlockedAddress(address: string): boolean {
  return !classifyAddress(address).public;
}

export type UrlVerdict = { ok: true; url: URL; hostname: string } | { ok: false; reason: string };

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)$/i;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|0\.0\.0\.0)$|\.localhost$/i;

/** Said with every refusal of an address on the developer's own machine: the listener is the way there. */
export const LISTENER_HINT = 'to receive events on your own machine, run `npm run listen -- --forward-to <your local URL>` instead';

/**
 * A registration's refusal of a URL on the developer's own machine, with the way to get events
 * there; any other refusal as it is. Registration only: an attempt's error stays short.
 */
export function withListenerHint(raw: string, verdict: Extract<UrlVerdict, { ok: false }>): Extract<UrlVerdict, { ok: false }> {
  let host = '';
  try {
    host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return verdict;
  }
  return LOOPBACK.test(host) ? { ok: false, reason: `${verdict.reason}; ${LISTENER_HINT}` } : verdict;
}

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
  if (isIP(hostname) !== 0) {
    const verdict = classifyAddress(hostname);
    return verdict.public ? { ok: true, url, hostname } : { ok: false, reason: `must not point to a non-public address (${hostname}: ${verdict.reason})` };
  }
  const name = hostname.replace(/\.$/, '');
  // `127.0.0.1..` is no IPv4 literal to the URL parser but may be one to a resolver: an empty
  // label is no valid DNS name anyway.
  if (name.split('.').includes('')) return { ok: false, reason: `must name a valid host (${hostname})` };
  if (LOCAL_NAMES.test(name)) return { ok: false, reason: `must not point to a local host name (${hostname})` };
  return { ok: true, url, hostname };
}

/** After resolution: every address must be public, or one private answer could be picked. */
export function checkResolvedAddresses(hostname: string, addresses: readonly string[], allowPrivate: boolean): { ok: true } | { ok: false; reason: string } {
  if (allowPrivate) return { ok: true };
  if (addresses.length === 0) return { ok: false, reason: `host ${hostname} has no address` };
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.public) return { ok: false, reason: `host ${hostname} resolves to a non-public address (${address}: ${verdict.reason})` };
  }
  return { ok: true };
}
