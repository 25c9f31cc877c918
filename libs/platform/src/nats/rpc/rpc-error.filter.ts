import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, type RpcErrorReply } from '@eh/contracts';
import { of, type Observable } from 'rxjs';
import { isDatabaseUnavailable } from '../../postgres/database-unavailable';

/**
 * Every failure of a request handler goes back in the one error envelope, `{ error: { code,
 * message } }`, as a reply (never a transport error): a domain refusal keeps its stable code,
 * PostgreSQL out of reach is `service_unavailable` (the caller's 503), anything else
 * `internal_error`, reported here.
 */
@Catch()
export class RpcErrorEnvelopeFilter implements ExceptionFilter {
  constructor(private readonly service: string) {}

  catch(failure: unknown, _host: ArgumentsHost): Observable<RpcErrorReply> {
    const unavailable = isDatabaseUnavailable(failure);
    if (!(failure instanceof DomainError) && !unavailable) console.error(`${this.service}: request failed`, failure);
    const code = failure instanceof DomainError ? failure.code : unavailable ? 'service_unavailable' : 'internal_error';
    return of({ error: { code, message: failure instanceof Error ? failure.message : String(failure) } });
  }
}
