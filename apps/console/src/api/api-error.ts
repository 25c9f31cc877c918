/** The gateway's error body (`{error: {code, message, param?}}`), thrown so the query cache sees a failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    /** From `Retry-After` on 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function errorFields(body: unknown): { code?: string; message?: string; param?: string } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, param } = error as Record<string, unknown>;
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' ? message : undefined, param: typeof param === 'string' ? param : undefined };
}

export function toApiError(response: Response, body: unknown): ApiError {
  const { code, message, param } = errorFields(body);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    code ?? `http_${response.status}`,
    message ?? `The server answered ${response.status} ${response.statusText}`.trim(),
    param,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** The API's messages are sentence fragments ("the email or the password is wrong"). */
const sentence = (text: string): string => {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};

/** Words for a person, whatever failed (network included). */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfterSeconds) return `${sentence(error.message)} Try again in ${error.retryAfterSeconds} s.`;
    return sentence(error.message);
  }
  if (error instanceof TypeError) return 'The console could not reach the server. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}
