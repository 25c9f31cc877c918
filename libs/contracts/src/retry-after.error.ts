import { DomainError, type ErrorCode } from './errors';

/**
 * A refusal the caller should simply repeat later: the gateway's exception filter sends `Retry-After`
 * with these seconds (SPEC.md "Errors": 429 `rate_limited` says to wait `Retry-After`).
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
