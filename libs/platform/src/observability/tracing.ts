import { context, propagation, SpanStatusCode, trace, type Context, type Span, type SpanOptions } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { traceGcPauses } from './gc-spans';
import { JsonLinesSpanExporter } from './json-lines-span-exporter';
import { rootLogger } from './logger';
import { otlpSpanProcessor, type OtlpProtocol } from './otlp-span-export';

/**
 * OpenTelemetry traces, off unless `OTEL_TRACES_EXPORTER` names an exporter: `otlp` (OTLP over
 * HTTP to a collector, configured by the standard `OTEL_EXPORTER_OTLP_*` settings; chosen too when
 * only an OTLP endpoint is set), `jsonl` (finished spans as JSON lines appended to
 * `OTEL_TRACES_FILE`), `console` (the SDK's console exporter), `none` (default).
 * `OTEL_SERVICE_NAME` overrides the service name; sampling follows the SDK's `OTEL_TRACES_SAMPLER`.
 * Off, `inSpan` runs its work directly and no context manager is installed: tracing costs nothing
 * on the hot path.
 */
export type TracingConfig = { exporter: 'none' } | { exporter: 'console' } | { exporter: 'jsonl'; file: string } | { exporter: 'otlp'; protocol: OtlpProtocol };

export function tracingConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TracingConfig {
  const exporter = (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase();
  const endpointSet = !!(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (exporter === 'otlp' || (exporter === '' && endpointSet)) return { exporter: 'otlp', protocol: otlpProtocolOf(env) };
  if (exporter === '' || exporter === 'none') return { exporter: 'none' };
  if (exporter === 'console') return { exporter: 'console' };
  if (exporter === 'jsonl') {
    const file = env.OTEL_TRACES_FILE ?? '';
    if (file === '') throw new Error('OTEL_TRACES_EXPORTER=jsonl needs OTEL_TRACES_FILE (where finished spans are appended)');
    return { exporter: 'jsonl', file };
  }
  throw new Error(`OTEL_TRACES_EXPORTER must be none, otlp, console or jsonl, got "${env.OTEL_TRACES_EXPORTER}"`);
}

/** The standard protocol settings, traces' own first; http/protobuf is the standard's default. */
function otlpProtocolOf(env: NodeJS.ProcessEnv): OtlpProtocol {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim().toLowerCase();
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (a collector's OTLP/HTTP port, 4318), got "${protocol}"`);
}

let provider: BasicTracerProvider | undefined;

export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/** Starts tracing for this process from the environment, its GC pauses included (gc-spans.ts); null when it stays off. */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): { shutdown(): Promise<void> } | null {
  const config = tracingConfigFromEnv(env);
  if (config.exporter === 'none') return null;
  const name = env.OTEL_SERVICE_NAME || service;
  const started =
    config.exporter === 'otlp'
      ? startTracingWith(name, otlpSpanProcessor(config.protocol))
      : startTracingWith(name, config.exporter === 'jsonl' ? new JsonLinesSpanExporter(config.file) : new ConsoleSpanExporter());
  // A service's pauses beside its requests; tests that start tracing for their own spans keep only those.
  const gcPauses = traceGcPauses(trace.getTracer('expert-handoff'));
  return {
    shutdown: async () => {
      gcPauses.stop();
      await started.shutdown();
    },
  };
}

/**
 * Installs a tracer provider, the W3C propagator and an AsyncLocalStorage context manager. An
 * exporter gets each finished span as it ends (simple processor: files and the console, where
 * the volume is small and tests read spans at once; tests pass the SDK's InMemorySpanExporter);
 * a processor is used as it is (OTLP batches).
 */
export function startTracingWith(service: string, exporterOrProcessor: SpanExporter | SpanProcessor): { shutdown(): Promise<void> } {
  if (provider) throw new Error('tracing already started in this process');
  const processor = 'onEnd' in exporterOrProcessor ? exporterOrProcessor : new SimpleSpanProcessor(exporterOrProcessor);
  const started = new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': service }), spanProcessors: [processor] });
  provider = started;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(started);
  return {
    shutdown: async () => {
      if (provider !== started) return;
      provider = undefined;
      // The last batch could not leave (a collector that is down): those spans are lost, and
      // that is no reason for the process's shutdown to fail.
      await started.shutdown().catch((error: unknown) => rootLogger().warn({ err: error }, 'tracing: the last spans could not be exported'));
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/**
 * Runs `work` in a span, child of `parent` (default: the active context), and ends it when the
 * work settles (an error marks it and is rethrown). With tracing off: `work(undefined)`.
 */
export function inSpan<T>(name: string, options: SpanOptions, parent: Context | undefined, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!provider) return work(undefined);
  const base = parent ?? context.active();
  const span = trace.getTracer('expert-handoff').startSpan(name, options, base);
  return context.with(trace.setSpan(base, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Starts a span the caller ends (an HTTP request's, across hooks); undefined with tracing off. */
export function startSpan(name: string, options: SpanOptions, parent: Context | undefined): Span | undefined {
  if (!provider) return undefined;
  return trace.getTracer('expert-handoff').startSpan(name, options, parent ?? context.active());
}

/** Runs `fn` with `span` active (a no-op wrapper without a span). */
export function withSpanActive<T>(span: Span | undefined, parent: Context | undefined, fn: () => T): T {
  if (!span) return fn();
  return context.with(trace.setSpan(parent ?? context.active(), span), fn);
}
