import { isObj, obj, type J } from './json-text';
import { resolve, type Schema, type SchemaRegistry } from './schema-arbitrary';

export type JPath = (string | number)[];

/** A place in a body: its path, the schema the service applies there, and whether it is a map's value (metadata). */
export interface Location {
  path: JPath;
  value: J;
  schema: Schema | undefined;
  /** The value of a free-form map entry (metadata), whose key is the caller's. */
  inMap: boolean;
}

const isMapSchema = (schema: Schema | undefined): boolean => !!schema && !schema.properties && typeof schema.additionalProperties === 'object';

/** Every value in `root` with the schema that applies to it, root first, depth first. */
export function locations(root: J, schema: Schema | undefined, registry: SchemaRegistry): Location[] {
  const found: Location[] = [];
  const visit = (value: J, path: JPath, here: Schema | undefined, inMap: boolean): void => {
    const resolved = resolve(here, registry);
    found.push({ path, value, schema: resolved, inMap });
    if (path.length > 8) return;
    if (isObj(value)) {
      const properties = (resolved?.properties ?? {}) as Record<string, Schema>;
      const map = isMapSchema(resolved);
      for (const [key, item] of value.$o) {
        visit(item, [...path, key], map ? (resolved?.additionalProperties as Schema) : properties[key], map);
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index], resolved?.items as Schema | undefined, false));
    }
  };
  visit(root, [], schema, false);
  return found;
}

export const isMapLocation = (location: Location): boolean => isMapSchema(location.schema);

/** `root` with the value at `path` replaced by `replace(old)`; unchanged if the path is gone. */
export function replaceAt(root: J, path: JPath, replace: (old: J) => J): J {
  if (path.length === 0) return replace(root);
  const [head, ...rest] = path;
  if (isObj(root) && typeof head === 'string') {
    const index = root.$o.findIndex(([key]) => key === head);
    if (index < 0) return root;
    const entries = root.$o.slice();
    entries[index] = [head, replaceAt(entries[index][1], rest, replace)];
    return obj(entries);
  }
  if (Array.isArray(root) && typeof head === 'number' && head < root.length) {
    const items = root.slice();
    items[head] = replaceAt(items[head], rest, replace);
    return items;
  }
  return root;
}

/** Adds an entry to the object at `path` (or to the root when that is no object). */
export function addEntry(root: J, path: JPath, entry: [string, J], atStart = false): J {
  const target = valueAt(root, path);
  const where = isObj(target) ? path : [];
  return replaceAt(root, where, (old) => (isObj(old) ? obj(atStart ? [entry, ...old.$o] : [...old.$o, entry]) : old));
}

export function removeEntry(root: J, path: JPath, key: string): J {
  return replaceAt(root, path, (old) => (isObj(old) ? obj(old.$o.filter(([name]) => name !== key)) : old));
}

export function valueAt(root: J, path: JPath): J | undefined {
  let current: J | undefined = root;
  for (const step of path) {
    if (isObj(current) && typeof step === 'string') current = current.$o.find(([key]) => key === step)?.[1];
    else if (Array.isArray(current) && typeof step === 'number') current = current[step];
    else return undefined;
  }
  return current;
}

/** A path as a reader writes it: `items[0].name`, or `(body)` for the whole body. */
export const pathName = (path: JPath): string =>
  path.length === 0 ? '(body)' : path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join('');
