import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError } from '@eh/contracts';

/**
 * Request payloads are validated on the way in against their class-validator DTO: a payload
 * that does not fit is refused with `invalid_request` (in the error envelope), never cast.
 */
export const rpcValidationPipe = (): ValidationPipe =>
  new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: (errors: ValidationError[]) => {
      const first = errors[0];
      const reason = first?.constraints ? Object.values(first.constraints)[0] : 'invalid payload';
      return new DomainError('invalid_request', reason ?? 'invalid payload', first?.property);
    },
  });
