import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import { newId, type ErrorCode } from '@eh/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorBody } from '../api-error';

/**
 * Errors Fastify answers itself, before any route, hook or Nest filter runs, would otherwise
 * come back in Fastify's own shape (`{"error","message","statusCode"}`). These handlers answer
 * them in the API's error shape, with a true message.
 */

const logger = new Logger('FrameworkErrors');

export interface EdgeAnswer {
  status: number;
  code: ErrorCode;
  message: string;
}

/** What Node's HTTP parser refused on a connection (Fastify's `clientErrorHandler` receives it). */
export function clientErrorAnswer(code: string | undefined): EdgeAnswer {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: 'invalid_request',
      message: `the request line and headers are larger than ${Math.floor(maxHeaderSize / 1024)} KB; shorten the URL or the headers`,
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'invalid_request', message: 'the request was not received in time' };
  return { status: 400, code: 'invalid_request', message: `the request is not valid HTTP/1.1 (${code ?? 'unparseable'})` };
}

/** A complete HTTP/1.1 response, written straight to a socket no Fastify reply exists for. */
export function rawErrorResponse(answer: EdgeAnswer, publicBaseUrl: string, extraHeaders: readonly string[] = []): string {
  const requestId = newId('request');
  const body = JSON.stringify(apiErrorBody(answer.code, answer.message, requestId, publicBaseUrl));
  return [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Request-Id: ${requestId}`,
    'Connection: close',
    ...extraHeaders,
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler`: an oversized header or URL (431), a timeout (408), malformed HTTP (400). */
export function clientErrorHandler(publicBaseUrl: string) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) socket.write(rawErrorResponse(clientErrorAnswer(error.code), publicBaseUrl));
    socket.destroy();
  };
}

/**
 * Fastify's `frameworkErrors`: a URL whose percent-encoding is not UTF-8 (`FST_ERR_BAD_URL`)
 * and a failed async route constraint. These requests have a Fastify reply but no route, so no
 * hook adds `Request-Id`: it is set here.
 */
export function frameworkErrorHandler(publicBaseUrl: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const answer: EdgeAnswer =
      error.code === 'FST_ERR_BAD_URL'
        ? { status: 400, code: 'invalid_request', message: 'the URL is not valid: its percent-encoding must encode UTF-8' }
        : { status: 500, code: 'internal_error', message: 'an unexpected error occurred; quote request_id when reporting it' };
    if (answer.status >= 500) logger.error(`${request.id} ${request.method}: ${error.code} ${error.message}`);
    void reply
      .code(answer.status)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Request-Id', String(request.id))
      .send(JSON.stringify(apiErrorBody(answer.code, answer.message, String(request.id), publicBaseUrl)));
  };
}
