/**
 * Date-based API versions: how a payload rendered in the latest shape is
 * turned into the shape of an older version. Handlers always return the latest shape; only the
 * registry below knows history (Stripe's version-change modules).
 */

/** Resource kinds a controller result can be tagged with (see resource.decorator.ts). */
export type ResourceKind = 'deployment' | 'list' | 'memory_entry' | 'handoff';

export type JsonObject = { [key: string]: unknown };

/** Returns a new object; never mutates its input, which may be shared. */
export type PayloadTransform = (payload: JsonObject) => JsonObject;

export interface VersionCatalog {
  /** Every supported version, oldest first; the last one is the latest stable. */
  versions: readonly string[];
  /**
   * changes[V][kind] turns a payload of version V's shape into the shape of the version before V.
   * A version with no breaking change for a kind has no entry for it.
   */
  changes: Readonly<Record<string, Partial<Record<ResourceKind, PayloadTransform>>>>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Fails at startup, not per request, on a catalog that is out of order or names unknown versions. */
export function defineCatalog(catalog: VersionCatalog): VersionCatalog {
  if (catalog.versions.length === 0) throw new Error('the version catalog needs at least one version');
  catalog.versions.forEach((version, index) => {
    if (!DATE.test(version)) throw new Error(`version ${version} is not YYYY-MM-DD`);
    if (index > 0 && version <= catalog.versions[index - 1]) throw new Error('versions must be listed oldest first, once each');
  });
  for (const version of Object.keys(catalog.changes)) {
    if (!catalog.versions.includes(version)) throw new Error(`changes name version ${version}, which is not in versions`);
  }
  return catalog;
}

export const latestVersion = (catalog: VersionCatalog): string => catalog.versions[catalog.versions.length - 1];

export type VersionResolution = { ok: true; version: string } | { ok: false; message: string };

/** The `Service-Version` request header: absent → latest; malformed or unknown → refused. */
export function resolveVersion(catalog: VersionCatalog, header: string | string[] | undefined): VersionResolution {
  if (header === undefined) return { ok: true, version: latestVersion(catalog) };
  const supported = `supported versions: ${catalog.versions.join(', ')}`;
  const value = Array.isArray(header) ? header.join(',') : header.trim();
  if (!DATE.test(value) || Number.isNaN(Date.parse(value))) {
    return { ok: false, message: `Service-Version must be a date YYYY-MM-DD; got "${value.slice(0, 40)}"; ${supported}` };
  }
  if (!catalog.versions.includes(value)) return { ok: false, message: `Service-Version ${value} is not a known version; ${supported}` };
  return { ok: true, version: value };
}

/**
 * Renders a latest-shape payload for `version`: each newer version's change is applied, newest
 * first. For a list, each item is rendered as `itemKind` before the envelope's own changes.
 */
export function renderForVersion(catalog: VersionCatalog, version: string, kind: ResourceKind, payload: unknown, itemKind?: ResourceKind): unknown {
  const newer = catalog.versions.slice(catalog.versions.indexOf(version) + 1).reverse();
  if (newer.length === 0 || !isObject(payload)) return payload;
  const downgrade = (resource: ResourceKind, value: JsonObject): JsonObject =>
    newer.reduce((current, step) => catalog.changes[step]?.[resource]?.(current) ?? current, value);
  let rendered = payload;
  if (itemKind && Array.isArray(payload.data)) {
    rendered = { ...payload, data: payload.data.map((item: unknown) => (isObject(item) ? downgrade(itemKind, item) : item)) };
  }
  return downgrade(kind, rendered);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
