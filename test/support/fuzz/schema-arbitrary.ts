import fc from 'fast-check';
import { obj, type J } from './json-text';

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect), loosely typed. */
export type Schema = { readonly [keyword: string]: unknown };

/** `#/components/schemas/Name` → the schema, for every document the fuzzer reads. */
export type SchemaRegistry = Record<string, Schema>;

export function resolve(schema: Schema | undefined, registry: SchemaRegistry): Schema | undefined {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, '');
    const { $ref: _ref, ...rest } = current;
    current = { ...(registry[name] ?? {}), ...rest };
  }
  return current;
}

/** The types a schema admits (`anyOf`/`oneOf` flattened; `integer` also admits `number` values that are whole). */
export function typesOf(schema: Schema | undefined, registry: SchemaRegistry): Set<string> {
  const resolved = resolve(schema, registry);
  const types = new Set<string>();
  if (!resolved) return types;
  const type = resolved.type;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) type.forEach((item) => types.add(String(item)));
  if (Array.isArray(resolved.enum)) resolved.enum.forEach((item) => types.add(item === null ? 'null' : typeof item));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = resolved[key];
    if (Array.isArray(options)) options.forEach((option) => typesOf(option as Schema, registry).forEach((item) => types.add(item)));
  }
  if (types.has('integer')) types.add('number:integer');
  if (resolved.properties && types.size === 0) types.add('object');
  return types;
}

/** The future, for date-time fields a valid request must put ahead (scheduled_for: at least 15 minutes). */
const futureIso = (base: number): fc.Arbitrary<string> =>
  fc.integer({ min: 20 * 60, max: 7 * 24 * 3600 }).map((seconds) => new Date(base + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
const pastIso = (base: number): fc.Arbitrary<string> =>
  fc.integer({ min: 60, max: 30 * 24 * 3600 }).map((seconds) => new Date(base - seconds * 1000).toISOString());

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split('');
const TEXT_UNITS = 'abcdefghijklmnopqrstuvwxyz0123456789 ,.!?-'.split('');
/** Plain prose: starts with a letter, no trailing blank, `min`..`max` long. */
const textOf = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...LETTERS), fc.string({ unit: fc.constantFrom(...TEXT_UNITS), maxLength: Math.max(0, Math.min(max, 60) - 1) }))
    .map(([first, rest]) => {
      const text = `${first}${rest}`.trimEnd();
      return (text.length < min ? text.padEnd(min, 'x') : text).slice(0, Math.max(max, 1));
    });

/**
 * Values for fields the service checks beyond their schema (a skill an expert covers, a time
 * ahead, a destination that passes the address check without DNS): without them almost every
 * "valid" base would be refused early and the mutations would never reach the deep paths.
 */
export interface Hints {
  now: number;
  skills: string[];
}

function hinted(name: string | undefined, hints: Hints): fc.Arbitrary<J> | undefined {
  switch (name) {
    case 'skills':
      return fc.oneof(
        { weight: 8, arbitrary: fc.constant<J>(hints.skills.slice(0, 1)) },
        { weight: 1, arbitrary: fc.constant<J>(hints.skills) },
        { weight: 1, arbitrary: fc.constant<J>(['fuzz-nobody']) },
      );
    case 'outcome':
      return fc.oneof({ weight: 9, arbitrary: fc.constant(hints.skills[0]) }, { weight: 1, arbitrary: fc.constant('fuzz-nobody') });
    case 'scheduled_for':
      return futureIso(hints.now);
    case 'created_after':
    case 'created_before':
      return pastIso(hints.now);
    case 'webhook_url':
    case 'url':
      // A public address literal: no DNS lookup, and nothing is ever sent (no endpoint secret).
      return fc.constantFrom('https://93.184.215.14/hooks/fuzz', 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook');
    case 'context_url':
      return fc.constantFrom('https://files.example.com/brief.pdf', 'https://docs.example.org/a?b=c');
    case 'memory_keys':
      return fc.constantFrom(['brand.voice'], [], ['brand.voice', 'positioning.core']);
    case 'urgency':
      return fc.constantFrom('standard', 'priority');
    default:
      return undefined;
  }
}

/** Metadata values that script the test-mode expert (README "Experts and their tooling"), so test deployments reach every state. */
const TEST_SCRIPT = fc.constantFrom<[string, J][]>(
  [],
  [
    ['test_script', 'ask_question'],
    ['test_question', 'Which audience?'],
  ],
  [['test_script', 'stay_accepted']],
  [['test_script', 'decline']],
  [['test_script', 'expert_cancel']],
);

/** A value valid against `schema` (as far as the schema says), as a J tree. */
export function validArbitrary(schema: Schema | undefined, registry: SchemaRegistry, hints: Hints, name?: string, depth = 0): fc.Arbitrary<J> {
  const hint = hinted(name, hints);
  if (hint) return hint;
  const resolved = resolve(schema, registry);
  if (!resolved || depth > 6) return fc.constant('x');
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...(resolved.enum as J[]));
  if (resolved.const !== undefined) return fc.constant(resolved.const as J);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = resolved[key];
    if (Array.isArray(options) && options.length > 0)
      return fc.oneof(...options.map((option) => validArbitrary({ ...(option as Schema) }, registry, hints, name, depth + 1)));
  }
  const type = Array.isArray(resolved.type) ? resolved.type.find((item) => item !== 'null') : resolved.type;
  switch (type) {
    case 'string':
      return stringArbitrary(resolved, hints);
    case 'integer': {
      const min = typeof resolved.minimum === 'number' ? resolved.minimum : 0;
      const max = typeof resolved.maximum === 'number' ? resolved.maximum : min + 1000;
      return fc.integer({ min, max: Math.min(max, min + 100_000) });
    }
    case 'number': {
      const min = typeof resolved.minimum === 'number' ? resolved.minimum : 0.5;
      const max = typeof resolved.maximum === 'number' ? resolved.maximum : 60;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => Math.round(value * 100) / 100 || min);
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = typeof resolved.minItems === 'number' ? resolved.minItems : 0;
      const maxLength = Math.min(typeof resolved.maxItems === 'number' ? resolved.maxItems : 3, Math.max(minLength, 3));
      const items = validArbitrary(resolved.items as Schema, registry, hints, undefined, depth + 1);
      return resolved.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { minLength, maxLength });
    }
    default: // 'object', and a schema that names no type
      return objectArbitrary(resolved, registry, hints, name, depth);
  }
}

function stringArbitrary(schema: Schema, hints: Hints): fc.Arbitrary<J> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  if (schema.format === 'uri') return fc.constantFrom('https://files.example.com/a.pdf', 'https://cdn.example.net/x/y.png');
  if (schema.format === 'date-time') return futureIso(hints.now);
  if (schema.format === 'date') return futureIso(hints.now + 2 * 24 * 3600 * 1000).map((iso) => iso.slice(0, 10));
  if (typeof schema.pattern === 'string') {
    if (schema.pattern.startsWith('^[^')) return textOf(Math.max(1, min), max);
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= min && value.length <= max);
  }
  return textOf(Math.max(1, min), max);
}

function objectArbitrary(schema: Schema, registry: SchemaRegistry, hints: Hints, name: string | undefined, depth: number): fc.Arbitrary<J> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) {
    // A map (metadata): a few flat pairs, sometimes a test-mode script.
    const additional = schema.additionalProperties;
    if (additional && typeof additional === 'object') {
      const value = validArbitrary(additional as Schema, registry, hints, undefined, depth + 1);
      const pairs = fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z_]{0,11}$/), value), { maxLength: 3, selector: ([key]) => key });
      return fc
        .tuple(pairs, name === 'metadata' ? TEST_SCRIPT : fc.constant<[string, J][]>([]))
        .map(([own, script]) => obj([...own.filter(([key]) => !script.some(([taken]) => taken === key)), ...script] as [string, J][]));
    }
    return fc.constant(obj([]));
  }
  const parts = names.map((key) => {
    const value = validArbitrary(properties[key], registry, hints, key, depth + 1);
    return required.has(key)
      ? value.map((item): [string, J] | null => [key, item])
      : fc.option(
          value.map((item): [string, J] | null => [key, item]),
          { nil: null, freq: 2 },
        );
  });
  return fc.tuple(...parts).map((entries) => obj(entries.filter((entry): entry is [string, J] => entry !== null)));
}
