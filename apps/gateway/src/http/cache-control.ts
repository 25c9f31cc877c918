/** Deployment reads are never served from a cache (docs/decisions.md "REST surface (issue 3)"). */
export const NOT_CACHED = 'private, no-cache';
