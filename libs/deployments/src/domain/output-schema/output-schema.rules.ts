import safeRegex from 'safe-regex2';

/**
 * What an agent may ask an expert's answer to look like: a JSON Schema (2020-12) of an object,
 * bounded so that checking the schema, and later an answer against it, costs a few milliseconds
 * and never reaches the network. Anything outside these rules is refused by name and path.
 */
export const OUTPUT_SCHEMA_LIMITS = {
  /** Of the schema as compact JSON. */
  maxBytes: 32 * 1024,
  /** Nesting of JSON objects and arrays in the schema document. */
  maxDepth: 12,
  /** Subschemas in all (each property, each item schema, each definition). */
  maxSubschemas: 500,
  maxPatternLength: 256,
  maxEnumValues: 200,
} as const;

/** Every keyword a schema may use. Annotations are kept for the expert's form; the rest validate. */
export const SUPPORTED_KEYWORDS = [
  '$schema',
  '$id',
  '$defs',
  '$ref',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'deprecated',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
  'oneOf',
  'allOf',
] as const;

export const SUPPORTED_FORMATS = ['date', 'date-time', 'time', 'email', 'uri', 'uuid'] as const;

const KEYWORDS = new Set<string>(SUPPORTED_KEYWORDS);
const FORMATS = new Set<string>(SUPPORTED_FORMATS);
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** Keywords whose value is one schema, a map of schemas, or a list of schemas. */
const SCHEMA_VALUED = new Set(['additionalProperties', 'items']);
const SCHEMA_MAPS = new Set(['properties', '$defs']);
const SCHEMA_LISTS = new Set(['prefixItems', 'anyOf', 'oneOf', 'allOf']);
const LOCAL_REF = /^#\/\$defs\/[A-Za-z0-9_.-]{1,64}$/;

export interface OutputSchemaProblem {
  message: string;
  /** JSON pointer inside the schema, "" for the root. */
  path: string;
}

const pointer = (path: readonly (string | number)[]): string => path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The first rule a schema breaks, or null when it is one this service takes. Never throws. */
export function outputSchemaProblem(schema: unknown): OutputSchemaProblem | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { message: 'output_schema must be a JSON Schema object', path: '' };
  const bytes = Buffer.byteLength(JSON.stringify(schema));
  if (bytes > OUTPUT_SCHEMA_LIMITS.maxBytes) return { message: `output_schema is ${bytes} bytes; at most ${OUTPUT_SCHEMA_LIMITS.maxBytes}`, path: '' };
  const depth = nestingOf(schema, OUTPUT_SCHEMA_LIMITS.maxDepth + 1);
  if (depth > OUTPUT_SCHEMA_LIMITS.maxDepth) return { message: `output_schema nests deeper than ${OUTPUT_SCHEMA_LIMITS.maxDepth} levels`, path: '' };
  const root = schema as Record<string, unknown>;
  if (root.$schema !== undefined && root.$schema !== DIALECT)
    return { message: `output_schema.$schema must be ${DIALECT} (the 2020-12 dialect) or left out`, path: '/$schema' };
  if (root.type !== 'object') return { message: 'output_schema must describe an object: "type": "object" at its root', path: '/type' };
  const definitions = root.$defs && typeof root.$defs === 'object' ? new Set(Object.keys(root.$defs)) : new Set<string>();
  const walk = new SchemaWalk(definitions);
  return (
    walk.check(root, []) ??
    (walk.subschemas > OUTPUT_SCHEMA_LIMITS.maxSubschemas
      ? { message: `output_schema has ${walk.subschemas} subschemas; at most ${OUTPUT_SCHEMA_LIMITS.maxSubschemas}`, path: '' }
      : null)
  );
}

/** How deep arrays and objects nest, counted no further than `stopAt`. */
function nestingOf(value: unknown, stopAt: number, depth = 0): number {
  if (depth >= stopAt || value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value)) deepest = Math.max(deepest, nestingOf(child, stopAt, depth + 1));
  return deepest;
}

class SchemaWalk {
  subschemas = 0;

  constructor(private readonly definitions: ReadonlySet<string>) {}

  check(schema: unknown, path: (string | number)[]): OutputSchemaProblem | null {
    this.subschemas += 1;
    if (typeof schema === 'boolean') return null;
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
      return { message: 'a subschema must be an object or a boolean', path: pointer(path) };
    for (const [keyword, value] of Object.entries(schema)) {
      const at = [...path, keyword];
      if (!KEYWORDS.has(keyword)) return { message: `the keyword ${keyword} is not supported; supported: ${SUPPORTED_KEYWORDS.join(', ')}`, path: pointer(at) };
      const problem = this.checkKeyword(keyword, value, at, path.length === 0);
      if (problem) return problem;
    }
    return null;
  }

  private checkKeyword(keyword: string, value: unknown, at: (string | number)[], atRoot: boolean): OutputSchemaProblem | null {
    const problem = (message: string): OutputSchemaProblem => ({ message, path: pointer(at) });
    if (keyword === '$defs' && !atRoot) return problem('$defs is taken at the root only');
    if (keyword === '$ref') {
      if (typeof value !== 'string' || !LOCAL_REF.test(value))
        return problem('$ref must point into this schema\'s $defs ("#/$defs/<name>"); no other document is ever fetched');
      if (!this.definitions.has(value.slice('#/$defs/'.length))) return problem(`$ref ${value} names no entry of $defs`);
    }
    if (keyword === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (types.length === 0 || !types.every((type) => typeof type === 'string' && TYPES.has(type)))
        return problem(`type must be one of ${[...TYPES].join(', ')} (or a list of them)`);
    }
    if (keyword === 'format' && (typeof value !== 'string' || !FORMATS.has(value))) return problem(`format must be one of ${SUPPORTED_FORMATS.join(', ')}`);
    if (keyword === 'enum' && (!Array.isArray(value) || value.length === 0 || value.length > OUTPUT_SCHEMA_LIMITS.maxEnumValues))
      return problem(`enum must list 1 to ${OUTPUT_SCHEMA_LIMITS.maxEnumValues} values`);
    if (keyword === 'pattern') return patternProblem(value, at);
    if (keyword === 'required' && (!Array.isArray(value) || !value.every((name) => typeof name === 'string')))
      return problem('required must list property names');
    if (SCHEMA_VALUED.has(keyword)) return this.check(value, at);
    if (SCHEMA_MAPS.has(keyword)) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return problem(`${keyword} must map names to subschemas`);
      for (const [name, subschema] of Object.entries(value)) {
        const found = this.check(subschema, [...at, name]);
        if (found) return found;
      }
    }
    if (SCHEMA_LISTS.has(keyword)) {
      if (!Array.isArray(value) || value.length === 0) return problem(`${keyword} must list subschemas`);
      for (const [index, subschema] of value.entries()) {
        const found = this.check(subschema, [...at, index]);
        if (found) return found;
      }
    }
    return null;
  }
}

/**
 * A pattern is matched against the expert's text by the JavaScript engine, which backtracks: a
 * pattern with nested repetition ("(a+)+$") can take seconds on a short string. Such patterns are
 * refused (safe-regex2's star-height test), and so are long ones and ones that do not compile.
 */
function patternProblem(value: unknown, at: (string | number)[]): OutputSchemaProblem | null {
  const path = pointer(at);
  if (typeof value !== 'string' || value.length > OUTPUT_SCHEMA_LIMITS.maxPatternLength)
    return { message: `pattern must be a regular expression of at most ${OUTPUT_SCHEMA_LIMITS.maxPatternLength} characters`, path };
  try {
    new RegExp(value, 'u');
  } catch {
    return { message: 'pattern is not a valid regular expression', path };
  }
  if (!safeRegex(value))
    return { message: 'pattern repeats a repetition (like "(a+)+"), which can take seconds to match: write it without nested quantifiers', path };
  return null;
}
