import type { Env } from './env-setting';

/** How the service is reached from outside, and whether its cookies may travel only over TLS. */
export interface PublicAddress {
  /** Public base address (`PUBLIC_BASE_URL`), used for links, `docs_url` and the Host check. */
  publicBaseUrl: string;
  /**
   * `TLS_TERMINATED_BY_PROXY` (false): a proxy in front ends TLS and forwards plain http, so the
   * browser's side is https even when `PUBLIC_BASE_URL` says http.
   */
  tlsTerminatedByProxy: boolean;
  /** The session cookie carries `Secure`: the public address is https or TLS ends at a proxy. */
  secureCookies: boolean;
  /** `NODE_ENV=production`: a plain-http public address is refused at start (`assertServedOverTls`). */
  production: boolean;
}

export function loadPublicAddress(env: Env, fallbackBaseUrl: string): PublicAddress {
  const publicBaseUrl = env.PUBLIC_BASE_URL || fallbackBaseUrl;
  const raw = env.TLS_TERMINATED_BY_PROXY ?? '';
  if (raw !== '' && raw !== 'true' && raw !== 'false') throw new Error(`TLS_TERMINATED_BY_PROXY must be true or false, got "${raw}"`);
  const tlsTerminatedByProxy = raw === 'true';
  return { publicBaseUrl, tlsTerminatedByProxy, secureCookies: isHttps(publicBaseUrl) || tlsTerminatedByProxy, production: env.NODE_ENV === 'production' };
}

const isHttps = (url: string): boolean => /^https:\/\//i.test(url.trim());

/**
 * Why a gateway must not start here, or null: in production the session cookie and every sign-in
 * must never cross the network in the clear, so the public address is https, or a proxy that
 * ends TLS is declared explicitly.
 */
export function plainHttpProblem(address: PublicAddress): string | null {
  if (!address.production || address.secureCookies) return null;
  return `PUBLIC_BASE_URL must be an https address when NODE_ENV=production (got "${address.publicBaseUrl}"); set TLS_TERMINATED_BY_PROXY=true if a proxy in front ends TLS`;
}

/** Throws `plainHttpProblem`: the gateway calls it before it opens any connection. */
export function assertServedOverTls(address: PublicAddress): void {
  const problem = plainHttpProblem(address);
  if (problem) throw new Error(problem);
}
