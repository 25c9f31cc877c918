import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { DomainError, type ErrorCode, RetryAfterError } from '@eh/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isA2aRpcRequest, jsonRpcRefusal } from '../a2a/a2a-http-refusal';
import { apiErrorBody } from './api-error';
import { translateDatabaseUnavailable } from './database-unavailable.translation';
import { ERROR_CATALOG } from './error-catalog';
import type { RefusalPacing } from './rate-limit/refusal-pacing';

interface Translated {
  code: ErrorCode;
  message: string;
  param?: string;
  status?: number;
  retryAfterSeconds?: number;
}

/** The one place where domain codes and framework errors become the API's HTTP errors. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(
    private readonly publicBaseUrl: string,
    /** Answers a caller's rate-limit refusals after a pause (rate-limit/refusal-pacing.ts); absent: at once. */
    private readonly pacing?: RefusalPacing,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const translated = this.translate(exception, request);
    if (translated.code === 'internal_error')
      this.logger.error(`${request.id} ${request.method} ${request.url}`, exception instanceof Error ? exception.stack : String(exception));
    // The answer already started (a stream that failed midway): nothing more can be said in it,
    // and sending again would throw outside any handler. Cut the connection instead.
    if (reply.sent || reply.raw.headersSent) {
      this.logger.error(`${request.id} ${request.method} ${request.url}: ${translated.code} after the answer had started; connection closed`);
      reply.raw.destroy();
      return;
    }
    // Headers set for the success answer (@Header: `text/html` on the docs pages, a public
    // Cache-Control on the OpenAPI document) must not describe the error: an object sent on a
    // `text/html` reply crashed the gateway. Errors are JSON and never cached.
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    void reply.header('Cache-Control', 'no-store');
    if (translated.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(translated.retryAfterSeconds));
    const status = translated.status ?? ERROR_CATALOG[translated.code].status;
    const subject = translated.code === 'rate_limited' ? pacedSubject(request) : undefined;
    if (this.pacing && subject && translated.retryAfterSeconds !== undefined) {
      this.pacing.answer(subject, translated.retryAfterSeconds, reply.raw, () => this.send(request, reply, translated, status));
      return;
    }
    this.send(request, reply, translated, status);
  }

  private send(request: FastifyRequest, reply: FastifyReply, translated: Translated, status: number): void {
    // The A2A endpoint speaks JSON-RPC: its refusals (a body that is not JSON, a missing key, the rate limit) too.
    if (isA2aRpcRequest(request)) {
      const answer = jsonRpcRefusal(request, { ...translated, status }, this.publicBaseUrl);
      void reply.status(answer.status).send(answer.body);
      return;
    }
    const body = apiErrorBody(translated.code, translated.message, String(request.id), this.publicBaseUrl, translated.param);
    try {
      void reply.status(status).send(body);
    } catch (error) {
      // A filter that throws hands the error back to Fastify with nobody left to answer it.
      this.logger.error(`${request.id}: sending the error answer failed`, error instanceof Error ? error.stack : String(error));
      if (reply.raw.headersSent) {
        reply.raw.destroy();
        return;
      }
      reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'request-id': String(request.id) });
      reply.raw.end(
        JSON.stringify(
          apiErrorBody('internal_error', 'an unexpected error occurred; quote request_id when reporting it', String(request.id), this.publicBaseUrl),
        ),
      );
    }
  }

  private translate(exception: unknown, request: FastifyRequest): Translated {
    if (exception instanceof DomainError) {
      // RetryAfterError knows its wait (rate limits, an idempotent request still running).
      const retry =
        exception instanceof RetryAfterError
          ? { retryAfterSeconds: exception.retryAfterSeconds }
          : exception.code === 'service_unavailable'
            ? { retryAfterSeconds: 5 }
            : {};
      return { code: exception.code, message: exception.message, param: exception.field, ...retry };
    }
    if (exception instanceof HttpException) return translateHttp(exception, request);
    const unavailable = translateDatabaseUnavailable(exception);
    if (unavailable) return unavailable;
    return { code: 'internal_error', message: 'an unexpected error occurred; quote request_id when reporting it' };
  }
}

/** Framework errors: unknown routes, body parsing, payload size, media type. */
function translateHttp(exception: HttpException, request: FastifyRequest): Translated {
  const status = exception.getStatus();
  if (status === 404) return { code: 'not_found', message: `no route ${request.method} ${request.url.split('?')[0]}` };
  if (status === 413) return { code: 'invalid_request', message: 'the request body is larger than 1 MB', status: 413 };
  if (status === 415) return { code: 'invalid_request', message: 'the request body must be JSON (Content-Type: application/json)', status: 415 };
  if (status === 400) return { code: 'invalid_request', message: bodyParseMessage(exception) };
  if (status >= 500) return { code: 'internal_error', message: 'an unexpected error occurred; quote request_id when reporting it' };
  return { code: 'invalid_request', message: exception.message, status };
}

function bodyParseMessage(exception: HttpException): string {
  const text = exception.message;
  if (/JSON/i.test(text)) return 'the request body is not valid JSON';
  // Fastify's guard against prototype poisoning (secure-json-parse).
  if (/prototype/i.test(text)) return 'the request body must not contain "__proto__" or "constructor.prototype" keys';
  if (/empty/i.test(text)) return 'the request body is empty; send a JSON object';
  return text;
}

/** Who a rate-limit refusal is held for: the key or member, else the expert; no one before authentication (those have their own throttle). */
function pacedSubject(request: FastifyRequest): string | undefined {
  return request.auth?.keyId ?? request.consoleAuth?.expert.id;
}
