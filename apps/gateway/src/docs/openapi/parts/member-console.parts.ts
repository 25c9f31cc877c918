import type { ErrorCode } from '@eh/contracts';
import { optionalHeader, type JsonSchema } from '../json-schema';

/** Required by the route (400 without it); optional in the document, as the console's client middleware sets it on every call. */
export const serviceMode: JsonSchema = optionalHeader('Service-Mode', 'Required: the mode whose keys these are (400 naming `Service-Mode` without it).', {
  type: 'string',
  enum: ['test', 'live'],
});
export const owner: ErrorCode[] = ['permission_denied'];
export const post: ErrorCode[] = ['idempotency_conflict'];
