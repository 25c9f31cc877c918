import { DomainError } from '@eh/contracts';

/**
 * A console sign-in email (shared by experts, members and operators): one address, at most 254 characters (RFC 5321's path
 * limit), compared lowercase. Deliverability is not checked: operations send the link.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export function parseConsoleEmail(value: unknown, field = 'email'): string {
  if (typeof value !== 'string') throw new DomainError('invalid_request', `${field} must be a string`, field);
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > 254 || !EMAIL.test(email)) throw new DomainError('invalid_request', `${field} must be an email address`, field);
  return email;
}
