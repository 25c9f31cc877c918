/**
 * Headers of everything under /console. The console loads only its own scripts, styles
 * and fonts and talks only to its own origin; images may also be `data:` (the icon) and `blob:`
 * (a preview of a file being uploaded), never another host (a markdown preview cannot load
 * tracking pixels). No page may frame it (clickjacking), and no URL of it leaks as a Referer.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

/** /console and everything below it (the console's pages, assets and its auth API). */
export const isConsolePath = (url: string): boolean => /^\/console(?:[/?#]|$)/.test(url);
