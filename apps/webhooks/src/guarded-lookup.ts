import { lookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isBlockedAddress } from '@eh/delivery';

/**
 * A `lookup` for node:http(s) that refuses non-public addresses (issue 6, "Safety"). The check
 * runs on the very addresses the socket connects to, so DNS changed since registration, or
 * answering differently the second time (rebinding), cannot reach an internal address.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find((entry) => isBlockedAddress(entry.address));
    if (blocked || addresses.length === 0) {
      const refused: NodeJS.ErrnoException = new Error(`refused: ${hostname} resolves to a non-public address (${blocked?.address ?? 'none'})`);
      refused.code = 'EADDRBLOCKED';
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
