import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { headers as natsHeaders } from 'nats';
import { contextFromTraceparent, currentTraceparent, extractHttpTraceContext, extractTraceContext, injectTraceHeaders, traceHeaders } from './trace-headers';
import { inSpan, startTracingWith, tracingEnabled } from './tracing';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('trace context in NATS headers, event metadata and HTTP headers', () => {
  it('injects nothing while no span is active, and extracts the root context from no or bad headers', () => {
    const target = natsHeaders();
    injectTraceHeaders(target);
    expect(target.has('traceparent')).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
    expect(trace.getSpanContext(extractTraceContext(undefined))).toBeUndefined();
    const bad = natsHeaders();
    bad.set('traceparent', 'not-a-traceparent');
    expect(trace.getSpanContext(extractTraceContext(bad))).toBeUndefined();
    expect(traceHeaders(undefined)).toBeUndefined();
  });

  it('round-trips a traceparent through NATS headers, event metadata and HTTP headers unchanged', () => {
    const fromMetadata = contextFromTraceparent(TRACEPARENT);
    expect(trace.getSpanContext(fromMetadata)).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', isRemote: true });
    const headers = natsHeaders();
    injectTraceHeaders(headers, fromMetadata);
    expect(headers.get('traceparent')).toBe(TRACEPARENT);
    expect(currentTraceparent(extractTraceContext(headers))).toBe(TRACEPARENT);
    expect(traceHeaders(TRACEPARENT)?.get('traceparent')).toBe(TRACEPARENT);
    expect(currentTraceparent(extractHttpTraceContext({ traceparent: TRACEPARENT }))).toBe(TRACEPARENT);
  });

  describe('with the SDK recording spans (InMemorySpanExporter)', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: { shutdown(): Promise<void> };
    beforeAll(() => {
      tracing = startTracingWith('trace-headers-spec', exporter);
    });
    afterAll(() => tracing.shutdown());

    it('continues a span across a NATS hop: the receiver’s span is the sender’s child in the same trace', async () => {
      expect(tracingEnabled()).toBe(true);
      const sent = natsHeaders();
      await inSpan('publish', {}, undefined, async () => injectTraceHeaders(sent));
      await inSpan('consume', {}, extractTraceContext(sent), async () => {
        expect(currentTraceparent()).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      });
      const [publish, consume] = exporter.getFinishedSpans();
      expect(publish.name).toBe('publish');
      expect(consume.name).toBe('consume');
      expect(consume.spanContext().traceId).toBe(publish.spanContext().traceId);
      expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
      expect(sent.get('traceparent')).toBe(`00-${publish.spanContext().traceId}-${publish.spanContext().spanId}-01`);
      // Outside any span the context is the root again.
      expect(trace.getSpan(context.active())).toBeUndefined();
    });

    it('marks a span whose work throws, and rethrows', async () => {
      exporter.reset();
      await expect(inSpan('fails', {}, undefined, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(exporter.getFinishedSpans()[0]).toMatchObject({ name: 'fails', status: { code: 2 } });
    });
  });
});
