/**
 * The typed answer checked against its JSON Schema (2020-12) with @cfworker/json-schema, each
 * problem named by its field (rjsf's dotted `property`) in words a person reads.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';

/** One problem, in the shape rjsf lists validation errors (`RJSFValidationError`). */
export interface SchemaProblem {
  name: string;
  property: string;
  message: string;
  params: Record<string, never>;
  stack: string;
  schemaPath: string;
}

/** Keywords that only say "something inside failed": the inner failure is reported on its own. */
const ONLY_CASCADES = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  '$ref',
  'allOf',
  'contains',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
]);

/** The value at a `#/…` pointer in the schema (the keyword's own value, for the message). */
function at(schema: unknown, location: string): unknown {
  let node = schema;
  for (const segment of location.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What to fix, said for a person (cfworker's own text is written for programmers). */
function describe(unit: OutputUnit, schema: unknown): string {
  const value = at(schema, unit.keywordLocation);
  switch (unit.keyword) {
    case 'required':
      return 'Required.';
    case 'minItems':
      return `Give at least ${plural(Number(value), 'item')}.`;
    case 'maxItems':
      return `Give at most ${plural(Number(value), 'item')}.`;
    case 'minLength':
      return `At least ${plural(Number(value), 'character')}.`;
    case 'maxLength':
      return `At most ${plural(Number(value), 'character')}.`;
    case 'enum':
      return `Choose one of: ${(Array.isArray(value) ? value : []).map((option) => JSON.stringify(option)).join(', ')}.`;
    case 'const':
      return `Must be ${JSON.stringify(value)}.`;
    case 'type':
      return `Must be ${Array.isArray(value) ? value.join(' or ') : String(value)}.`;
    case 'minimum':
      return `At least ${String(value)}.`;
    case 'maximum':
      return `At most ${String(value)}.`;
    case 'exclusiveMinimum':
      return `More than ${String(value)}.`;
    case 'exclusiveMaximum':
      return `Less than ${String(value)}.`;
    case 'multipleOf':
      return `A multiple of ${String(value)}.`;
    case 'pattern':
      return 'Does not have the expected form.';
    case 'format':
      return `Must be a valid ${String(value)}.`;
    case 'uniqueItems':
      return 'Items must all differ.';
    case 'minProperties':
    case 'maxProperties':
    case 'additionalProperties':
      return unit.error.replace(/^Instance /, 'The value ');
    case 'anyOf':
    case 'oneOf':
      return unit.keyword === 'anyOf' ? 'Match at least one of the allowed shapes.' : 'Match exactly one of the allowed shapes.';
    default:
      return unit.error;
  }
}

/** `#/variants/2` → `.variants.2`, the dotted path rjsf files errors under; a required property names the missing child. */
function propertyOf(unit: OutputUnit): string {
  const segments = unit.instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  if (unit.keyword === 'required') {
    const missing = /"([^"]+)"/.exec(unit.error)?.[1];
    if (missing !== undefined) segments.push(missing);
  }
  return segments.length === 0 ? '.' : `.${segments.join('.')}`;
}

/** Each schema's validator, built once: rjsf asks on every keystroke. */
export const validatorFor = (schema: object): Validator => cachedValidator(schema);
const validators = new WeakMap<object, Validator>();
function cachedValidator(schema: object): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, '2020-12', false);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * The value as it will be sent: rjsf keeps empty fields as `undefined` (which the validator refuses
 * to look at); JSON drops them from objects and makes them null in arrays, as the gateway sees them.
 */
export const asSent = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function schemaErrors(schema: object, given: unknown): SchemaProblem[] {
  const formData = asSent(given ?? {});
  const units = validatorFor(schema)
    .validate(formData)
    .errors.filter((unit) => !ONLY_CASCADES.has(unit.keyword));
  return units.map((unit) => {
    const property = propertyOf(unit);
    // An array item or field left empty is "of the wrong type" to the schema; to a person it is missing.
    const empty = unit.keyword === 'type' && at(formData, unit.instanceLocation) == null;
    const message = empty ? 'Required.' : describe(unit, schema);
    return { name: unit.keyword, property, message, params: {}, stack: `${property} ${message}`.trim(), schemaPath: unit.keywordLocation };
  });
}
