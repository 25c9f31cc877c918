import Fastify from 'fastify';
import { clientErrorAnswer, frameworkErrorHandler, rawErrorResponse } from './framework-errors';

describe('errors Fastify answers before any route, in the API error shape', () => {
  it('maps what the HTTP parser refused to a status and a true message', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toEqual({
      status: 431,
      code: 'invalid_request',
      message: 'the request line and headers are larger than 16 KB; shorten the URL or the headers',
    });
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toMatchObject({ status: 408, code: 'invalid_request' });
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toEqual({
      status: 400,
      code: 'invalid_request',
      message: 'the request is not valid HTTP/1.1 (HPE_INVALID_METHOD)',
    });
  });

  it('writes a whole HTTP response with the API error body and its request id', () => {
    const raw = rawErrorResponse({ status: 431, code: 'invalid_request', message: 'too big' }, 'https://api.example.test');
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    const parsed = JSON.parse(body) as { error: { request_id: string; code: string; message: string; docs_url: string } };
    expect(parsed.error).toMatchObject({ code: 'invalid_request', message: 'too big', docs_url: 'https://api.example.test/docs/errors/invalid_request' });
    expect(head).toContain(`Request-Id: ${parsed.error.request_id}`);
  });

  it('answers a URL whose percent-encoding is not UTF-8 with 400 and a Request-Id', async () => {
    const fastify = Fastify({ genReqId: () => 'req_bad_url', frameworkErrors: frameworkErrorHandler('https://api.example.test') });
    fastify.get('/v1/deployments/:id', async () => 'never');
    const response = await fastify.inject({ method: 'GET', url: '/v1/deployments/%E0%A4%A' });
    expect([response.statusCode, response.headers['request-id']]).toEqual([400, 'req_bad_url']);
    expect(response.json()).toMatchObject({
      error: { code: 'invalid_request', type: 'invalid_request', request_id: 'req_bad_url', message: expect.stringContaining('percent-encoding') },
    });
    await fastify.close();
  });
});
