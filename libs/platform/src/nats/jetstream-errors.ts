/** JetStream API error codes we branch on (nats-server `server/errors.json`). */
export const JS_ERR_STREAM_NOT_FOUND = 10059;
export const JS_ERR_CONSUMER_NOT_FOUND = 10014;

/** The `err_code` of a JetStream API error, if `err` is one. */
export function jetStreamErrorCode(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('api_error' in err)) return undefined;
  const apiError = (err as { api_error?: { err_code?: number } }).api_error;
  return apiError?.err_code;
}

export function isStreamNotFound(err: unknown): boolean {
  return jetStreamErrorCode(err) === JS_ERR_STREAM_NOT_FOUND;
}

export function isConsumerNotFound(err: unknown): boolean {
  return jetStreamErrorCode(err) === JS_ERR_CONSUMER_NOT_FOUND;
}
