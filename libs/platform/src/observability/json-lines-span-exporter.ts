import { appendFileSync } from 'node:fs';
import { ExportResultCode, hrTimeToMicroseconds, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** One finished span as written to the file: enough to rebuild a trace across processes. */
export interface SpanLine {
  trace_id: string;
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: number;
  service: string;
  start_us: number;
  duration_us: number;
  status: number;
  attributes: Record<string, unknown>;
}

export function toSpanLine(span: ReadableSpan): SpanLine {
  return {
    trace_id: span.spanContext().traceId,
    span_id: span.spanContext().spanId,
    parent_span_id: span.parentSpanContext?.spanId ?? null,
    name: span.name,
    kind: span.kind,
    service: String(span.resource.attributes['service.name'] ?? ''),
    start_us: hrTimeToMicroseconds(span.startTime),
    duration_us: hrTimeToMicroseconds(span.duration),
    status: span.status.code,
    attributes: { ...span.attributes },
  };
}

/**
 * Appends every finished span as one JSON line to a file (`OTEL_TRACES_EXPORTER=jsonl`): the
 * services of an e2e test are separate processes, and each appends whole lines to the same
 * file (O_APPEND), which the test reads to check one trace runs through all of them.
 */
export class JsonLinesSpanExporter implements SpanExporter {
  constructor(private readonly file: string) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    try {
      appendFileSync(this.file, spans.map((span) => `${JSON.stringify(toSpanLine(span))}\n`).join(''));
      done({ code: ExportResultCode.SUCCESS });
    } catch (error) {
      done({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  async shutdown(): Promise<void> {}
}
