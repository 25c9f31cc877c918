import { ERROR_CODES, type ErrorCode } from '@eh/contracts';
import type { ApiErrorBody } from '../../../http/api-error';
import { ERROR_CATALOG } from '../../../http/error-catalog';
import { idOf, objectOf, type JsonSchema } from '../json-schema';

const ERROR_TYPES = [...new Set(Object.values(ERROR_CATALOG).map((entry) => entry.type))];

/**
 * The error body (`param` added, docs/decisions.md), built by `apiErrorBody`.
 * `codes` narrows `error.code` to what one response can carry.
 */
export function errorSchema(codes: readonly ErrorCode[] = ERROR_CODES): JsonSchema {
  const types = codes === ERROR_CODES ? ERROR_TYPES : [...new Set(codes.map((code) => ERROR_CATALOG[code].type))];
  return objectOf<ApiErrorBody>({
    error: objectOf<ApiErrorBody['error']>(
      {
        type: { type: 'string', enum: types },
        code: { type: 'string', enum: [...codes] },
        message: { type: 'string', description: 'For a validation failure it names the offending field.' },
        param: { type: 'string', description: 'The offending field, header or query parameter, when there is one.' },
        request_id: idOf('request'),
        docs_url: { type: 'string', format: 'uri', description: 'A page describing the code, served at /docs/errors/<code>.' },
      },
      { optional: ['param'] },
    ),
  });
}
