/**
 * Label values stay within small, known sets: a label taking client-chosen values
 * (a URL, an id) would grow a series per value and the registry without bound.
 */

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** The route's template (`/v1/deployments/:id`), never the URL; `unmatched` for a 404 before routing. */
export function routeLabel(template: string | undefined): string {
  return template && template.length > 0 ? template : 'unmatched';
}

/** The status code itself: a three-digit number, so at most 500 values, in practice a dozen. */
export function statusLabel(status: number): string {
  return Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'other';
}

/** `value` when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * For labels whose values are ours but not listable up front (durable names, queue names):
 * the first `max` distinct values pass, later ones become `other`.
 */
export class BoundedLabel {
  private readonly seen = new Set<string>();

  constructor(private readonly max: number) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(value);
    return value;
  }
}
