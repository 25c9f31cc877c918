import type { ClassConstructor } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';

// `@Type(() => Nested)` is kept in class-transformer's singleton; the package ships no typings
// for the path, so the type is taken from its declaration file (as openapi/dto-schema.ts does).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

type JsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const knownFields = new WeakMap<ClassConstructor<object>, ReadonlySet<string>>();

/** The fields a DTO declares: every property carrying a class-validator decorator (what `whitelist` keeps). */
function fieldsOf(dto: ClassConstructor<object>): ReadonlySet<string> {
  let fields = knownFields.get(dto);
  if (!fields) {
    fields = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((rule) => rule.propertyName),
    );
    knownFields.set(dto, fields);
  }
  return fields;
}

function nestedDto(dto: ClassConstructor<object>, field: string): ClassConstructor<object> | null {
  const type = defaultMetadataStorage.findTypeMetadata(dto, field);
  return type ? (type.typeFunction() as ClassConstructor<object>) : null;
}

/**
 * The first field of `body` its DTO does not declare, at any depth of nested DTOs, or null.
 * Own keys against a Set only: `constructor`, `toString` or `__proto__` are field
 * names like any other, never looked up on a prototype, so they are refused like `foo`.
 */
export function unknownField(dto: ClassConstructor<object>, body: JsonObject, parent = ''): string | null {
  const fields = fieldsOf(dto);
  for (const key of Object.keys(body)) {
    const path = parent ? `${parent}.${key}` : key;
    if (!fields.has(key)) return path;
    const nested = nestedDto(dto, key);
    if (!nested) continue;
    const value = body[key];
    const items = Array.isArray(value) ? value.map((item, index) => [`${path}[${index}]`, item] as const) : [[path, value] as const];
    for (const [at, item] of items) {
      const found = isJsonObject(item) ? unknownField(nested, item, at) : null;
      if (found) return found;
    }
  }
  return null;
}

/**
 * The DTO instance class-validator checks. Not class-transformer's `plainToInstance`: it skips
 * keys that name a prototype member (dropping `metadata.toString`) and throws on
 * `metadata.constructor`, and recurses without bound. Here values are kept exactly as parsed;
 * only nested DTOs (`@Type`) become instances. Call after `unknownField` found nothing.
 */
export function toDtoInstance<T extends object>(dto: ClassConstructor<T>, body: JsonObject): T {
  const instance = new dto() as T & JsonObject;
  for (const [key, value] of Object.entries(body)) {
    const nested = nestedDto(dto, key);
    const toNested = (item: unknown): unknown => (nested && isJsonObject(item) ? toDtoInstance(nested, item) : item);
    Object.defineProperty(instance, key, {
      value: Array.isArray(value) && nested ? value.map(toNested) : toNested(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return instance;
}
