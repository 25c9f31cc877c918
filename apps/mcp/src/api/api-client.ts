import { AuthenticationError, ExpertHandoff, type ResponseInfo } from '@expert-handoff/sdk';
import type { McpConfig } from '../mcp.config';

/** The SDK client every tool calls, or the reason there is none; asked for at each call. */
export type ApiClient = () => ExpertHandoff;

/**
 * The REST API through the SDK, with the workspace key from the host's config. Without a key the
 * server still starts and lists its tools; each call then fails with `authentication_failed`
 * naming the env variable to set. No retries: the agent sees each failure and decides.
 */
export function createApiClient(config: Pick<McpConfig, 'apiKey' | 'baseUrl' | 'apiVersion' | 'requestTimeoutMs'>, fetchImpl: typeof fetch = fetch): ApiClient {
  if (!config.apiKey) {
    return () => {
      throw missingKeyError();
    };
  }
  const client = new ExpertHandoff({
    apiKey: config.apiKey,
    baseUrl: config.baseUrl,
    apiVersion: config.apiVersion,
    timeoutMs: config.requestTimeoutMs,
    maxRetries: 0,
    userAgent: 'expert-handoff-mcp',
    fetch: fetchImpl,
  });
  return () => client;
}

function missingKeyError(): AuthenticationError {
  return new AuthenticationError({
    status: null,
    code: 'authentication_failed',
    message: 'SERVICE_API_KEY is not set in the env of this MCP server (the host config\'s "env" map)',
    type: 'authentication_error',
    param: 'SERVICE_API_KEY',
    requestId: null,
    docsUrl: null,
    retryAfterSeconds: null,
  });
}

/** An SDK call's answer, and whether it was the one stored under its Idempotency-Key (a repeated call). */
export async function withReplayed<T>(call: (onResponse: (response: ResponseInfo) => void) => Promise<T>): Promise<{ body: T; replayed: boolean }> {
  let replayed = false;
  const body = await call((response) => {
    replayed = response.replayed;
  });
  return { body, replayed };
}
