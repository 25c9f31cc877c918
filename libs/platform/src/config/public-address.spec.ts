import { loadPublicAddress, plainHttpProblem } from './public-address';

const FALLBACK = 'http://127.0.0.1:3000';

describe('the public address and its TLS', () => {
  it('makes the session cookie Secure behind https or a declared TLS proxy, not on plain http', () => {
    expect(loadPublicAddress({}, FALLBACK)).toEqual({ publicBaseUrl: FALLBACK, tlsTerminatedByProxy: false, secureCookies: false, production: false });
    expect(loadPublicAddress({ PUBLIC_BASE_URL: 'https://api.example.com' }, FALLBACK).secureCookies).toBe(true);
    expect(loadPublicAddress({ PUBLIC_BASE_URL: 'http://api.internal', TLS_TERMINATED_BY_PROXY: 'true' }, FALLBACK).secureCookies).toBe(true);
    expect(() => loadPublicAddress({ TLS_TERMINATED_BY_PROXY: 'yes' }, FALLBACK)).toThrow('TLS_TERMINATED_BY_PROXY must be true or false');
  });

  it('refuses a plain-http public address in production only, unless TLS ends at a declared proxy', () => {
    expect(plainHttpProblem(loadPublicAddress({}, FALLBACK))).toBeNull();
    expect(plainHttpProblem(loadPublicAddress({ NODE_ENV: 'production' }, FALLBACK))).toMatch(
      /PUBLIC_BASE_URL must be an https address when NODE_ENV=production/,
    );
    expect(plainHttpProblem(loadPublicAddress({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://api.example.com' }, FALLBACK))).toMatch(
      /TLS_TERMINATED_BY_PROXY=true/,
    );
    expect(plainHttpProblem(loadPublicAddress({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://api.example.com' }, FALLBACK))).toBeNull();
    expect(
      plainHttpProblem(loadPublicAddress({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://api.internal', TLS_TERMINATED_BY_PROXY: 'true' }, FALLBACK)),
    ).toBeNull();
  });
});
