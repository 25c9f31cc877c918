import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { SUPPORTED_FORMATS } from './output-schema.rules';

export interface OutputDataProblem {
  /** JSON pointer of the offending value inside `data`, "" for the whole of it. */
  pointer: string;
  message: string;
}

/** Compiled validators by schema text: compiling costs milliseconds, checking microseconds. Bounded. */
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 200;

const ajv = new Ajv2020({ allErrors: false, strict: true, strictTypes: false, strictTuples: false, allowUnionTypes: true, loadSchema: undefined });
addFormats(ajv, [...SUPPORTED_FORMATS]);

/**
 * Checks an answer's `data` against the deployment's output schema with ajv (the schema was
 * checked by `outputSchemaProblem` when the deployment was created, so it compiles and every
 * `$ref` is local). Gives the first problem, or null when the data is valid.
 */
export function outputDataProblem(schema: object, data: unknown): OutputDataProblem | null {
  const validate = validatorFor(schema);
  if (validate(data)) return null;
  const [error] = validate.errors ?? [];
  if (!error) return { pointer: '', message: 'does not match the output schema' };
  const missing = error.keyword === 'required' ? `/${String((error.params as { missingProperty?: string }).missingProperty ?? '')}` : '';
  const pointer = `${error.instancePath}${missing}`;
  const allowed = error.keyword === 'enum' ? `: one of ${JSON.stringify((error.params as { allowedValues?: unknown[] }).allowedValues ?? [])}` : '';
  return { pointer, message: `${pointer || 'the answer'} ${error.message ?? 'is not valid'}${allowed}` };
}

/** Whether a schema compiles (a last check behind the rules: ajv's own meta-schema). */
export function outputSchemaCompileError(schema: object): string | null {
  try {
    validatorFor(schema);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function validatorFor(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (validate) return validate;
  // Without $id: two schemas naming one id would clash in ajv's registry.
  const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
  validate = ajv.compile(anonymous);
  // ajv keeps every schema it compiled, by id and by its text: drop them from it too.
  ajv.removeSchema();
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, validate);
  return validate;
}
