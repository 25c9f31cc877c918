import type { ErrorCode } from '@eh/contracts';
import { ERROR_CATALOG, type ErrorType } from './error-catalog';

/** The API's stable error shape; `param` added, as Stripe does, for validation failures. */
export interface ApiErrorBody {
  error: {
    type: ErrorType;
    code: ErrorCode;
    message: string;
    param?: string;
    request_id: string;
    docs_url: string;
  };
}

export function apiErrorBody(code: ErrorCode, message: string, requestId: string, baseUrl: string, param?: string): ApiErrorBody {
  return {
    error: {
      type: ERROR_CATALOG[code].type,
      code,
      message,
      ...(param ? { param } : {}),
      request_id: requestId,
      docs_url: `${baseUrl}/docs/errors/${code}`,
    },
  };
}
