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

/**
 * JetStream API failures that pass by themselves: no answer in time (`TIMEOUT`), nobody
 * answering yet (`503`), the cluster electing a leader (10008) or short of servers for the
 * replicas asked (10074). A cluster starting, or one server of three restarting, gives these.
 */
export function isTransientJetStreamError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
  if (code === 'TIMEOUT' || code === '503') return true;
  const apiCode = jetStreamErrorCode(err);
  return apiCode === 10008 || apiCode === 10074;
}

/**
 * Runs a JetStream setup step (a stream or a durable consumer ensured at start) again while it
 * fails transiently, with back-off up to `maxDelayMs`, so a service started while the cluster
 * elects its leaders waits instead of exiting into a restart loop.
 */
export async function retryTransientJetStream<T>(
  work: () => Promise<T>,
  options: { maxDelayMs?: number; deadlineMs?: number; onRetry?: (err: unknown) => void } = {},
): Promise<T> {
  const deadline = Date.now() + (options.deadlineMs ?? 120_000);
  for (let delay = 250; ; delay = Math.min(delay * 2, options.maxDelayMs ?? 4_000)) {
    try {
      return await work();
    } catch (err) {
      if (!isTransientJetStreamError(err) || Date.now() + delay > deadline) throw err;
      options.onRetry?.(err);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
