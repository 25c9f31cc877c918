/**
 * rjsf's validator, checking against JSON Schema 2020-12 with @cfworker/json-schema. rjsf's own
 * validator (ajv) compiles each schema into a function with `new Function`, which the console's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses; this one interprets the
 * schema instead, and the gateway's ajv stays the judge on publish.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

type Data = Record<string, unknown>;

/** Keywords that only say "something inside failed": the inner failure is reported on its own. */
const ONLY_CASCADES = new Set(['properties', 'items', 'prefixItems', 'additionalItems', '$ref', 'allOf', 'contains', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'if', 'then', 'else']);

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
  const segments = unit.instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean).map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  if (unit.keyword === 'required') {
    const missing = /"([^"]+)"/.exec(unit.error)?.[1];
    if (missing !== undefined) segments.push(missing);
  }
  return segments.length === 0 ? '.' : `.${segments.join('.')}`;
}

/** Each schema's validator, built once: rjsf asks on every keystroke. */
const validators = new WeakMap<object, Validator>();
function validatorFor(schema: object): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, '2020-12', false);
    validators.set(schema, validator);
  }
  return validator;
}

export function schemaErrors(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
  const units = validatorFor(schema).validate(formData).errors.filter((unit) => !ONLY_CASCADES.has(unit.keyword));
  return units.map((unit) => {
    const property = propertyOf(unit);
    // An array item or field left empty is "of the wrong type" to the schema; to a person it is missing.
    const empty = unit.keyword === 'type' && at(formData, unit.instanceLocation) == null;
    const message = empty ? 'Required.' : describe(unit, schema);
    return { name: unit.keyword, property, message, params: {}, stack: `${property} ${message}`.trim(), schemaPath: unit.keywordLocation };
  });
}

export const schemaValidator: ValidatorType<Data, RJSFSchema> = {
  validateFormData(formData: Data | undefined, schema: RJSFSchema, customValidate?: CustomValidator<Data, RJSFSchema>, transformErrors?: ErrorTransformer<Data, RJSFSchema>, uiSchema?: UiSchema<Data, RJSFSchema>): ValidationData<Data> {
    let errors = schemaErrors(schema, formData ?? {});
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const data: ValidationData<Data> = { errors, errorSchema: toErrorSchema<Data>(errors) };
    if (!customValidate) return data;
    const custom = unwrapErrorHandler<Data>(customValidate(formData, createErrorHandler<Data>(formData as Data), uiSchema));
    return validationDataMerge<Data>(data, custom);
  },
  isValid(schema: RJSFSchema, formData: Data | undefined, rootSchema: RJSFSchema): boolean {
    try {
      // A subschema (an anyOf option) may point into the root's $defs: lend them to it.
      const withDefs = rootSchema.$defs && !schema.$defs ? { ...schema, $defs: rootSchema.$defs } : schema;
      return validatorFor(withDefs).validate(formData).valid;
    } catch {
      return false;
    }
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: Data) {
    try {
      return { errors: validatorFor(schema).validate(formData).errors as Result[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  },
};
