import type { ErrorCode } from '@eh/contracts';
import type { JsonSchema } from './json-schema';
import type { QueryParameter } from './query-parameters';
import type { MediaTypeObject } from './openapi-document.types';

/**
 * What route metadata cannot say about a public operation: its prose, its success body and the
 * errors particular to it. Methods, paths, status codes, path parameters, request bodies, auth and
 * the errors every route shares come from the routes themselves (openapi-document.builder.ts).
 * A route missing here is still documented, with a generic body; the unit test fails until it
 * is described.
 */
export interface OperationDoc {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The success body; routes tagged `@Resource(...)` need none. */
  response?: JsonSchema;
  /** A success body that is not JSON (a file download), by media type; replaces `response`. */
  content?: Record<string, MediaTypeObject>;
  /**
   * Success statuses with their extra response headers (component names), for routes that set
   * the status themselves (201 when created, 200 when replaced) or add headers; else the route's
   * own status with no extra header.
   */
  success?: Record<number, string[]>;
  /** Errors beyond the shared ones (400, 401, 404 on a path parameter, 409 on POST, 429, 500). */
  errors?: ErrorCode[];
  /** Shared errors the route cannot answer (an upsert on `:key` is never 404). */
  omitErrors?: ErrorCode[];
  query?: QueryParameter[];
  pathParams?: Record<string, JsonSchema>;
}
