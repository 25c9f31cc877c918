import { Logger } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerReplySafety, unsendableReason } from './reply-safety.hook';

const silent = new Logger('test');
jest.spyOn(silent, 'error').mockImplementation(() => undefined);

describe('answers Fastify could not write become a 500, not a crash', () => {
  it('knows what Fastify can send', () => {
    expect(unsendableReason('text', { 'content-type': 'text/html' })).toBeNull();
    expect(unsendableReason(Buffer.from('x'), {})).toBeNull();
    expect(unsendableReason(undefined, {})).toBeNull();
    expect(unsendableReason({ error: {} }, { 'content-type': 'text/html; charset=utf-8' })).toMatch(/payload of type object with Content-Type text\/html/);
    expect(unsendableReason('x', { 'x-bad': 'a\nb' })).toMatch(/header "x-bad"/);
    expect(unsendableReason('x', { 'x-list': ['ok', 'b\r'] })).toMatch(/header "x-list"/);
  });

  describe('on a server with an async onSend hook, where Fastify checks after the hooks', () => {
    let fastify: FastifyInstance;

    beforeAll(async () => {
      fastify = Fastify({ genReqId: () => 'req_test' });
      fastify.addHook('onSend', async () => undefined);
      registerReplySafety(fastify, 'https://api.example.test', silent);
      fastify.get('/object-as-html', async (_request, reply) => reply.type('text/html; charset=utf-8').send({ error: 'not html' }));
      fastify.get('/bad-header', async (_request, reply) => reply.header('x-bad', 'line\nbreak').header('request-id', 'req_test').send('ok'));
      fastify.get('/fine', async (_request, reply) => reply.type('text/html').send('<p>ok</p>'));
      await fastify.ready();
    });
    afterAll(async () => {
      await fastify.close();
    });

    it('answers an object sent on a text/html reply with 500 in the API error shape', async () => {
      const response = await fastify.inject({ method: 'GET', url: '/object-as-html' });
      expect([response.statusCode, response.headers['content-type']]).toEqual([500, 'application/json; charset=utf-8']);
      expect(response.json()).toEqual({
        error: {
          type: 'api_error',
          code: 'internal_error',
          message: expect.stringContaining('request_id'),
          request_id: 'req_test',
          docs_url: 'https://api.example.test/docs/errors/internal_error',
        },
      });
    });

    it('answers a header Node would refuse to write with 500, dropping it', async () => {
      const response = await fastify.inject({ method: 'GET', url: '/bad-header' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['x-bad']).toBeUndefined();
      expect(response.headers['request-id']).toBe('req_test');
    });

    it('leaves a sendable answer alone', async () => {
      const response = await fastify.inject({ method: 'GET', url: '/fine' });
      expect([response.statusCode, response.body]).toEqual([200, '<p>ok</p>']);
    });
  });
});
