/**
 * Headers of the API reference pages under /docs. Like the console's, everything comes from the
 * gateway itself (scripts, fonts, the OpenAPI documents) and nothing may frame it; styles also
 * allow 'unsafe-inline' because the reference's bundle writes its styles into `<style>` elements
 * at run time (it loads no stylesheet). Nothing under /docs reads a credential.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
