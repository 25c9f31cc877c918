import { randomBytes } from 'node:crypto';

/**
 * A unique short lowercase token (`t` + 10 hex digits) for names shared between tests on one
 * server: JetStream stream names, subject prefixes, queue prefixes, database names.
 * Starts with a letter so it is valid wherever an identifier is.
 */
export function testNamespace(): string {
  return `t${randomBytes(5).toString('hex')}`;
}
