import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DomainError } from '@eh/contracts';
import { checkResolvedAddresses, checkUrlShape, withListenerHint } from '../domain/destination-policy';

export type Resolve = (hostname: string) => Promise<string[]>;

export const resolveAll: Resolve = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** DNS says the name does not exist: nothing could ever be delivered there. */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/**
 * Checks a webhook destination when it is registered or given as `webhook_url` (
 * "Safety"); 400 `invalid_request` naming `field` when refused. A name that does not resolve
 * is refused; a transient DNS failure is let through, since every attempt checks again the
 * address it actually connects to.
 */
export async function checkDestination(url: string, field: string, allowPrivate: boolean, resolve: Resolve = resolveAll): Promise<void> {
  const shape = checkUrlShape(url, allowPrivate);
  if (!shape.ok) throw new DomainError('invalid_request', `${field} ${withListenerHint(url, shape).reason}`, field);
  if (allowPrivate || isIP(shape.hostname) !== 0) return;
  let addresses: string[];
  try {
    addresses = await resolve(shape.hostname);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (NOT_FOUND.has(code)) throw new DomainError('invalid_request', `${field} host ${shape.hostname} does not resolve`, field);
    return;
  }
  const verdict = checkResolvedAddresses(shape.hostname, addresses, false);
  if (!verdict.ok) throw new DomainError('invalid_request', `${field} ${verdict.reason}`, field);
}
