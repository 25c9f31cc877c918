import type { ErrorCode } from '@eh/contracts';
import type { JsonSchema } from '../json-schema';
import type { MediaTypeObject } from '../openapi-document.types';

/** What route metadata cannot say about an operation of the expert document. */
export interface ExpertOperationDoc {
  operationId: string;
  tag: 'Work' | 'Files and drafts' | 'Live updates' | 'Notifications' | 'Console sign-in' | 'Workspace' | 'Meta';
  summary: string;
  description?: string;
  /** A JSON success body (absent with `content`, or on 204). */
  response?: JsonSchema;
  /** A success body that is not JSON (the event stream), by media type. */
  content?: Record<string, MediaTypeObject>;
  /** A request body that is not a DTO (the raw upload). */
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  /** Answers that set the session cookie. */
  setsCookie?: boolean;
  errors?: ErrorCode[];
  query?: JsonSchema[];
  pathParams?: Record<string, JsonSchema>;
}
