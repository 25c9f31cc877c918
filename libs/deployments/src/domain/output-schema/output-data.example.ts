import { outputDataProblem } from './output-data.validator';

type Schema = Record<string, unknown> | boolean;

const MAX_EXAMPLE_DEPTH = 8;
const SAMPLE_WORDS = 'A short sample answer written by the test-mode expert';
const FORMAT_SAMPLES: Record<string, string> = {
  date: '2026-01-15',
  'date-time': '2026-01-15T09:30:00Z',
  time: '09:30:00Z',
  email: 'expert@example.com',
  uri: 'https://example.com/answer',
  uuid: '6f1c2b8e-4d3a-4f5e-9a7b-1c2d3e4f5a6b',
};

/**
 * A deterministic instance of an output schema, for test mode's scripted expert: what the schema's
 * own `const`, `enum`, `default` or `examples` say where they say it, else the smallest value its
 * bounds allow. Checked against the schema before it is given; null when no instance was found
 * (a pattern this cannot satisfy, contradicting bounds), and the caller says so.
 */
export function exampleOutputData(schema: object): unknown {
  const root = schema as Record<string, unknown>;
  const definitions = (root.$defs ?? {}) as Record<string, Schema>;
  const data = exampleOf(root, definitions, 0, 0);
  return outputDataProblem(schema, data) === null ? data : null;
}

function exampleOf(schema: Schema, definitions: Record<string, Schema>, depth: number, variant: number): unknown {
  if (typeof schema === 'boolean' || depth > MAX_EXAMPLE_DEPTH) return null;
  if (typeof schema.$ref === 'string') return exampleOf(definitions[schema.$ref.slice('#/$defs/'.length)] ?? true, definitions, depth + 1, variant);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[variant % schema.enum.length];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[variant % schema.examples.length];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return exampleOf(branches[0], definitions, depth + 1, variant);
  if (Array.isArray(schema.allOf))
    return exampleOf(
      Object.assign({}, ...schema.allOf.filter((part): part is Record<string, unknown> => typeof part === 'object'), withoutAllOf(schema)),
      definitions,
      depth + 1,
      variant,
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectExample(schema, definitions, depth, variant);
    case 'array':
      return arrayExample(schema, definitions, depth);
    case 'string':
      return stringExample(schema, variant);
    case 'number':
    case 'integer':
      return numberExample(schema, type === 'integer', variant);
    case 'boolean':
      return variant % 2 === 0;
    default:
      return schema.properties ? objectExample(schema, definitions, depth, variant) : null;
  }
}

function withoutAllOf(schema: Record<string, unknown>): Record<string, unknown> {
  const { allOf: _allOf, ...rest } = schema;
  return rest;
}

function objectExample(schema: Record<string, unknown>, definitions: Record<string, Schema>, depth: number, variant: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = [...new Set([...required, ...Object.keys(properties)])].slice(0, Math.max(required.size, Number(schema.maxProperties ?? Infinity)));
  return Object.fromEntries(names.map((name) => [name, exampleOf(properties[name] ?? true, definitions, depth + 1, variant)]));
}

function arrayExample(schema: Record<string, unknown>, definitions: Record<string, Schema>, depth: number): unknown[] {
  const prefix = (schema.prefixItems ?? []) as Schema[];
  const count = Math.min(Number(schema.maxItems ?? Infinity), Math.max(Number(schema.minItems ?? 0), prefix.length, 1));
  return Array.from({ length: count }, (_unused, index) =>
    exampleOf(prefix[index] ?? (schema.items as Schema | undefined) ?? true, definitions, depth + 1, index),
  );
}

function stringExample(schema: Record<string, unknown>, variant: number): string {
  if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  const base = variant === 0 ? SAMPLE_WORDS : `${SAMPLE_WORDS} ${variant + 1}`;
  const text = base.length >= min ? base : base.padEnd(min, '.');
  return text.length <= max ? text : `${variant + 1}${base}`.slice(0, max);
}

function numberExample(schema: Record<string, unknown>, integer: boolean, variant: number): number {
  const step = Number(schema.multipleOf ?? (integer ? 1 : 0));
  let low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (step || 1) : 0;
  if (typeof schema.maximum === 'number' && low > schema.maximum) low = schema.maximum;
  let value = low + variant * (step || 1);
  if (step) value = Math.ceil(value / step) * step;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = step ? Math.floor(schema.maximum / step) * step : schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
    value = step ? Math.ceil(schema.exclusiveMaximum / step) * step - step : schema.exclusiveMaximum - (integer ? 1 : 0.5);
  return integer ? Math.round(value) : value;
}
