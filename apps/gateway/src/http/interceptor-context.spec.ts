import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Controller, Get, Injectable, Module, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { map, retry, type Observable } from 'rxjs';
import { useTestApp } from './testing/test-app';
import { bindToCurrentContext, installInterceptorContextBinding, isReproducedNestIntercept } from './interceptor-context';

const requestContext = new AsyncLocalStorage<string>();
let attempts = 0;

/** Outermost: marks the answer, so the order of the layers shows. */
@Injectable()
class OuterInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((body) => ({ outer: body })));
  }
}

/** Sets a context around `next.handle()` for one route, and retries a failure once for another. */
@Injectable()
class ContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const url = context.switchToHttp().getRequest<{ url: string }>().url;
    if (url === '/inner') return requestContext.run('set by the interceptor', () => next.handle());
    if (url === '/retried') return next.handle().pipe(retry(1));
    return next.handle();
  }
}

@Controller()
class ProbeController {
  @Get('plain')
  plain() {
    return { seen: requestContext.getStore() ?? null };
  }

  @Get('inner')
  inner() {
    return { seen: requestContext.getStore() ?? null };
  }

  @Get('retried')
  async retried() {
    attempts++;
    // The retry re-subscribes from a later turn: the context must still be the request's.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (attempts === 1) throw new Error('first attempt fails');
    return { seen: requestContext.getStore() ?? null, attempts };
  }
}

@Module({
  controllers: [ProbeController],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: OuterInterceptor },
    { provide: APP_INTERCEPTOR, useClass: ContextInterceptor },
  ],
})
class ProbeModule {}

describe('Nest interceptors without AsyncResource.bind', () => {
  beforeAll(() => {
    expect(installInterceptorContextBinding()).toBe(true);
  });
  const test = useTestApp(ProbeModule, {
    adapter: () => {
      const adapter = new FastifyAdapter({ logger: false });
      // Like the gateway's request signals: the whole request runs inside its own context.
      adapter.getInstance().addHook('onRequest', (request, _reply, done) => requestContext.run(`request ${request.url}`, () => done()));
      return adapter;
    },
  });

  const get = async (url: string) => JSON.parse((await test.app.inject({ method: 'GET', url })).body) as unknown;

  it('reproduces the Nest version installed (fails on an upgrade: compare Nest’s interceptors-consumer, then update interceptor-context.ts)', () => {
    expect(isReproducedNestIntercept()).toBe(true);
  });

  it('runs the layers in order and the handler in the request’s context', async () => {
    expect(await get('/plain')).toEqual({ outer: { seen: 'request /plain' } });
  });

  it('keeps a context an interceptor sets around next.handle()', async () => {
    expect(await get('/inner')).toEqual({ outer: { seen: 'set by the interceptor' } });
  });

  it('keeps the request’s context when a retry re-subscribes to next.handle()', async () => {
    expect(await get('/retried')).toEqual({ outer: { seen: 'request /retried', attempts: 2 } });
  });

  it('binds without the deprecated asyncResource getters', () => {
    const bound = requestContext.run('bound here', () => bindToCurrentContext(() => requestContext.getStore(), 'probe'));
    expect(bound()).toBe('bound here');
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
  });
});
