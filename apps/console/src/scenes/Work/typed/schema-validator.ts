/**
 * rjsf's validator, checking against JSON Schema 2020-12 with @cfworker/json-schema. rjsf's own
 * validator (ajv) compiles each schema into a function with `new Function`, which the console's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses; this one interprets the
 * schema instead, and the gateway's ajv stays the judge on publish.
 */
import { asSent, schemaErrors, validatorFor } from './schema-errors';
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

export const schemaValidator: ValidatorType<Data, RJSFSchema> = {
  validateFormData(
    formData: Data | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Data, RJSFSchema>,
    transformErrors?: ErrorTransformer<Data, RJSFSchema>,
    uiSchema?: UiSchema<Data, RJSFSchema>,
  ): ValidationData<Data> {
    let errors: RJSFValidationError[] = schemaErrors(schema, formData ?? {});
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
      const value = asSent(formData);
      return value !== undefined && validatorFor(withDefs).validate(value).valid;
    } catch {
      return false;
    }
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: Data) {
    try {
      return { errors: validatorFor(schema).validate(asSent(formData ?? {})).errors as Result[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  },
};
