import 'reflect-metadata';
import { Controller, Get, Header, Module } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DomainError } from '@eh/contracts';
import { ErrorDocsController } from '../../docs/error-docs.controller';
import { ApiExceptionFilter } from '../api-exception.filter';
import { useTestApp } from '../testing/test-app';

@Controller('cached')
class CachedController {
  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  fail(): never {
    throw new DomainError('not_found', 'nothing here');
  }
}

@Controller('unserialisable')
class UnserialisableController {
  @Get('bigint')
  bigint(): { n: bigint } {
    return { n: 1n };
  }

  @Get('circular')
  circular(): object {
    const loop: { self?: object } = {};
    loop.self = loop;
    return loop;
  }
}

@Module({ controllers: [ErrorDocsController, CachedController, UnserialisableController] })
class ReplyPathModule {}

/**
 * The exception filter on a reply whose success headers were already set: an error
 * on `/docs/errors/nope` used to be sent as an object on a `text/html` reply, which Fastify
 * refused after the async onSend hooks, outside any handler, ending the process.
 */
describe('the exception filter answers in JSON whatever the route meant to send', () => {
  const test = useTestApp(ReplyPathModule, {
    adapter: () => new FastifyAdapter({ genReqId: () => 'req_filter' }),
    prepare: (app) => {
      app.useGlobalFilters(new ApiExceptionFilter('https://api.example.test'));
      // As the gateway has: Fastify checks the payload only after async onSend hooks.
      app
        .getHttpAdapter()
        .getInstance()
        .addHook('onSend', async () => undefined);
    },
  });

  it('answers an unknown error code with a JSON 404, not a crash', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/docs/errors/nope' });
    expect([response.statusCode, response.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    expect(response.json()).toMatchObject({ error: { code: 'not_found', request_id: 'req_filter', message: 'no error code nope' } });
  });

  it('still serves the known pages as HTML', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/docs/errors/not_found' });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it.each(['bigint', 'circular'])('answers a result JSON cannot serialise (%s) with a 500 in the API error shape', async (kind) => {
    const response = await test.app.inject({ method: 'GET', url: `/unserialisable/${kind}` });
    expect([response.statusCode, response.json().error.code]).toEqual([500, 'internal_error']);
  });

  it('never lets an error be cached under the success answer’s Cache-Control', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/cached' });
    expect([response.statusCode, response.headers['cache-control']]).toEqual([404, 'no-store']);
  });
});
