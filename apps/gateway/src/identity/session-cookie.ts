import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The console's session cookie (docs/console-contract.md "Auth"). */
export const SESSION_COOKIE = 'eh_session';

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/ (the
 * console and both APIs), Secure whenever the public address is https or TLS ends at a proxy in
 * front (`config.publicAddress.secureCookies`; production refuses to start without either).
 */
export function sessionCookieOptions(secure: boolean, expires?: Date): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure, ...(expires ? { expires } : {}) };
}

/** The cookie's value, or undefined (also when the cookie plugin is not registered, as in offline tests). */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  const value = cookies?.[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, expires: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure, expires));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
}
