import { AsyncResource } from 'node:async_hooks';
import type { NestInterceptor } from '@nestjs/common';
import { InterceptorsConsumer } from '@nestjs/core/interceptors/interceptors-consumer';
import { defer, mergeAll, type Observable } from 'rxjs';

/**
 * `fn`, run in the async context current now (AsyncLocalStorage stores, async_hooks resources),
 * like `AsyncResource.bind(fn)` without what Node 24's bind adds to the function: two
 * `util.deprecate` getters (DEP0172), each of which sets a prototype and so creates a map in
 * the old generation pointing at the young closure. Every such map kept a request's whole
 * object graph alive through two scavenges (docs/decisions.md); Node's own streams
 * moved to this form for the same cost (nodejs/node#59867).
 */
export function bindToCurrentContext<T>(fn: () => T, type: string): () => T {
  const resource = new AsyncResource(type);
  return () => resource.runInAsyncScope(fn);
}

/** What `installInterceptorContextBinding` replaces: the body of Nest 11.1's `intercept`, which it reproduces. */
export const NEST_INTERCEPT_BINDS = ['AsyncResource.bind(() => this.transformDeferred(next))', 'AsyncResource.bind(() => nextFn(i + 1))'];

const original = InterceptorsConsumer.prototype.intercept;

/** True when Nest's `intercept` is the version this module reproduces (checked again on every upgrade by its test). */
export function isReproducedNestIntercept(intercept: (...args: never[]) => unknown = original): boolean {
  const source = intercept.toString();
  return NEST_INTERCEPT_BINDS.every((bind) => source.includes(bind));
}

/**
 * Nest runs every interceptor layer of every request through `AsyncResource.bind`
 * (nestjs/nest#11926, so a context set in an interceptor, or a retried `next.handle()`, keeps
 * the request's async context). The same algorithm with `bindToCurrentContext`: the same
 * contexts, without the old-generation maps. Left as Nest's if Nest's code is not the one
 * reproduced here (an upgrade), so behaviour never silently changes.
 */
export function installInterceptorContextBinding(): boolean {
  if (!isReproducedNestIntercept()) return false;
  InterceptorsConsumer.prototype.intercept = async function intercept(
    this: InterceptorsConsumer,
    interceptors: NestInterceptor[],
    args: unknown[],
    instance: Parameters<InterceptorsConsumer['intercept']>[2],
    callback: (...args: unknown[]) => unknown,
    next: () => Promise<unknown>,
    type?: string,
  ): Promise<unknown> {
    if (!interceptors || interceptors.length === 0) return next();
    const context = this.createContext(args, instance, callback);
    context.setType(type as never);
    const nextFn = async (index = 0): Promise<Observable<unknown>> => {
      if (index >= interceptors.length) return defer(bindToCurrentContext(() => this.transformDeferred(next), 'nest-interceptor'));
      const handler = { handle: () => defer(bindToCurrentContext(() => nextFn(index + 1), 'nest-interceptor')).pipe(mergeAll()) };
      return (interceptors[index] as NestInterceptor).intercept(context, handler as never);
    };
    return defer(() => nextFn()).pipe(mergeAll());
  } as InterceptorsConsumer['intercept'];
  return true;
}
