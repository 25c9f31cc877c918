import type { OpenApiDocument, OperationObject } from '../openapi-document.types';
import type { HttpMethod } from '../route-discovery';

export type DocumentedOperation = [path: string, method: HttpMethod, operation: OperationObject];

/** Every operation of a document, as `[path, method, operation]`. */
export const operationsOf = (document: OpenApiDocument): DocumentedOperation[] =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]): DocumentedOperation => [path, method as HttpMethod, op]));

/** One operation of a document; throws when it is not documented. */
export function operationAt(document: OpenApiDocument, method: HttpMethod, path: string): OperationObject {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
}
