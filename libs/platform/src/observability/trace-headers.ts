import { defaultTextMapGetter, defaultTextMapSetter, ROOT_CONTEXT, context, type Context, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { headers as natsHeaders, type MsgHdrs } from 'nats';

/**
 * W3C trace context (`traceparent`, `tracestate`) across our hops: NATS message
 * headers (the relay to every reactor, RPC requests), event metadata (an event appended under a
 * span carries its `traceparent` through PostgreSQL to the relay), job data (a webhook attempt).
 * The propagator is used directly, not the global one, so propagation works whether or not this
 * process records spans: a relay without tracing still passes the context on.
 */
const w3c = new W3CTraceContextPropagator();

const natsGetter: TextMapGetter<MsgHdrs> = {
  keys: (carrier) => carrier.keys(),
  get: (carrier, key) => (carrier.has(key) ? carrier.get(key) : undefined),
};
const natsSetter: TextMapSetter<MsgHdrs> = { set: (carrier, key, value) => carrier.set(key, value) };

/** Adds the context's `traceparent` (and `tracestate`) to NATS headers; nothing when no span is active. */
export function injectTraceHeaders(target: MsgHdrs, from: Context = context.active()): void {
  w3c.inject(from, target, natsSetter);
}

/** The context NATS headers carry (the root context when they carry none or a malformed one). */
export function extractTraceContext(source: MsgHdrs | undefined): Context {
  return source ? w3c.extract(ROOT_CONTEXT, source, natsGetter) : ROOT_CONTEXT;
}

/** The context incoming HTTP headers carry (a partner's own trace continues in ours). */
export function extractHttpTraceContext(source: Record<string, string | string[] | undefined>): Context {
  return w3c.extract(ROOT_CONTEXT, source, defaultTextMapGetter);
}

/** The active span's `traceparent` (to store with an event or a job); undefined when none is active. */
export function currentTraceparent(from: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  w3c.inject(from, carrier, defaultTextMapSetter);
  return carrier.traceparent;
}

export function contextFromTraceparent(traceparent: string | undefined): Context {
  return traceparent ? w3c.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter) : ROOT_CONTEXT;
}

/** NATS headers carrying `traceparent`, or undefined (no headers at all) when there is none. */
export function traceHeaders(traceparent: string | undefined): MsgHdrs | undefined {
  if (!traceparent) return undefined;
  const target = natsHeaders();
  target.set('traceparent', traceparent);
  return target;
}
