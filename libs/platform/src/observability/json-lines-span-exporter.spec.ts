import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { JsonLinesSpanExporter, type SpanLine } from './json-lines-span-exporter';

describe('JsonLinesSpanExporter', () => {
  it('appends each finished span as one JSON line with its ids, service, kind and attributes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eh-spans-'));
    const file = path.join(dir, 'spans.jsonl');
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'spec' }),
      spanProcessors: [new SimpleSpanProcessor(new JsonLinesSpanExporter(file))],
    });
    const tracer = provider.getTracer('spec');
    const parent = tracer.startSpan('parent', { kind: SpanKind.SERVER });
    parent.end();
    tracer.startSpan('second', { attributes: { deployment_id: 'dep_1' } }).end();
    await provider.shutdown();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as SpanLine);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      name: 'parent',
      service: 'spec',
      kind: SpanKind.SERVER,
      trace_id: parent.spanContext().traceId,
      span_id: parent.spanContext().spanId,
      parent_span_id: null,
    });
    expect(lines[1]).toMatchObject({ name: 'second', attributes: { deployment_id: 'dep_1' } });
    rmSync(dir, { recursive: true, force: true });
  });
});
