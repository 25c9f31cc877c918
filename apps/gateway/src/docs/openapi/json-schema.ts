import { ID_PREFIX, type IdKind } from '@eh/contracts';

/**
 * A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). Loosely typed on purpose: keyword
 * typos are caught by the unit test, which compiles every schema with Ajv in strict mode.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The properties of an object schema, one per field of the TypeScript type `T`: a field added to
 * (or removed from) the resource type fails the type check until its schema follows, so the
 * documented shape cannot drift from the type the handlers return.
 */
export type PropertiesOf<T> = { readonly [K in keyof Required<T>]: JsonSchema };

/** `required` lists every field except the optional ones named. */
export function objectOf<T>(properties: PropertiesOf<T>, options: { optional?: readonly (keyof T & string)[]; description?: string } = {}): JsonSchema {
  const optional: readonly string[] = options.optional ?? [];
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
  };
}

/** OpenAPI 3.1 spells "or null" as a type union, not 3.0's `nullable`. */
export function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Every value of a string union, checked both ways by the compiler: `values` must name each
 * member of `T` exactly once (a Record over `T` has no room for more, and misses none).
 */
export function enumOf<T extends string>(values: Record<T, true>): T[] {
  return Object.keys(values) as T[];
}

export const timestamp = (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });

/** Identifiers are `<prefix>_<ULID>` (libs/contracts/src/ids.ts). */
export const idOf = (kind: IdKind): JsonSchema => ({ type: 'string', pattern: `^${ID_PREFIX[kind]}_[0-9A-HJKMNP-TV-Z]{26}$` });

/** A header parameter the document leaves optional; the description says when the route requires it. */
export const optionalHeader = (name: string, description: string, schema: JsonSchema): JsonSchema => ({
  name,
  in: 'header',
  required: false,
  description,
  schema,
});

export const componentRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** A deep copy of `value` with every `$ref` string passed through `rewrite`. */
export function mapRefs<T>(value: T, rewrite: (ref: string) => string): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(Object.entries(item).map(([key, child]) => [key, key === '$ref' && typeof child === 'string' ? rewrite(child) : walk(child)]));
  };
  return walk(value) as T;
}
