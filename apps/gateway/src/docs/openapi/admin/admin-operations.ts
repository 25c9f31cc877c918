import type { JsonSchema } from '../json-schema';

/** What the admin routes' metadata cannot say: each answer's component and each list's query. */
export interface AdminOperationDoc {
  response: JsonSchema;
  query?: JsonSchema[];
  /** A body the handler parses itself (no DTO for the route discovery to read). */
  requestBody?: JsonSchema;
}
