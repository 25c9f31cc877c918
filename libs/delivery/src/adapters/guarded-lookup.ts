import { lookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress } from '../domain/address-classification';

/**
 * A socket `lookup` (the sender's connector passes it to net/tls.connect) that refuses non-public
 * addresses ("Safety"). The check runs on the very addresses the socket connects
 * to, so DNS changed since registration, or answering differently the second time (rebinding),
 * cannot reach an internal address. Node skips `lookup` for an IP literal host: the sender checks
 * those itself (checkUrlShape).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refusal = addresses.map((entry) => ({ address: entry.address, verdict: classifyAddress(entry.address) })).find((entry) => !entry.verdict.public);
    if (refusal || addresses.length === 0) {
      const why = refusal && !refusal.verdict.public ? `${refusal.address}: ${refusal.verdict.reason}` : 'none';
      const refused: NodeJS.ErrnoException = new Error(`refused: ${hostname} resolves to a non-public address (${why})`);
      refused.code = 'EADDRBLOCKED';
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
