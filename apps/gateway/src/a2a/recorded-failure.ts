import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { A2aCall } from './a2a-call';

/**
 * The SDK's transport maps what a handler throws to a JSON-RPC error itself, and an error it does
 * not know (ours: a refused create, a rate limit) becomes "internal error". This wrapper keeps
 * the original on the call, so the controller answers it as the REST API would (code, field).
 */
export function recordingFailures(handler: A2ARequestHandler): A2ARequestHandler {
  return new Proxy(handler, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const context = args.find((arg): arg is ServerCallContext => arg instanceof A2aCall);
        const record = (error: unknown): never => {
          if (context instanceof A2aCall) context.failure = error;
          throw error;
        };
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) return result.catch(record);
        if (isAsyncGenerator(result)) return recordingStream(result, record);
        return result;
      };
    },
  });
}

async function* recordingStream<T>(events: AsyncGenerator<T, void, undefined>, record: (error: unknown) => never): AsyncGenerator<T, void, undefined> {
  try {
    yield* events;
  } catch (error) {
    record(error);
  }
}

function isAsyncGenerator(value: unknown): value is AsyncGenerator<unknown, void, undefined> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncGenerator)[Symbol.asyncIterator] === 'function' &&
    typeof (value as AsyncGenerator).next === 'function'
  );
}
