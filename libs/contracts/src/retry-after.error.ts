import { DomainError, type ErrorCode } from './errors';

/**
 * A refusal the caller should simply repeat later: the gateway's exception filter sends `Retry-After`
 * with these seconds (as a 429 `rate_limited` tells the caller to wait `Retry-After`).
 */
export class RetryAfterError extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
    this.name = 'RetryAfterError';
  }
}
