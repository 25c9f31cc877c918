import type { JsonSchema } from './json-schema';
import type { HttpMethod } from './route-discovery';

/** The parts of an OpenAPI 3.1 document this service emits (https://spec.openapis.org/oas/v3.1.0). */
export interface MediaTypeObject {
  schema: JsonSchema;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface ResponseObject {
  description: string;
  /** Header objects or `$ref`s to components.headers. */
  headers?: Record<string, JsonSchema>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /** Absent: the document's bearer requirement applies; `[]`: no key needed. */
  security?: Record<string, string[]>[];
  /** Parameter objects or `$ref`s to components.parameters. */
  parameters: JsonSchema[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}
