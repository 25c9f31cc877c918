/** Deployment reads are never served from a cache (docs/decisions.md "REST surface"). */
export const NOT_CACHED = 'private, no-cache';
