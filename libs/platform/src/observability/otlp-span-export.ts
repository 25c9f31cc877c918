import { BatchSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/**
 * Spans to an OpenTelemetry collector over OTLP/HTTP. The exporters read the standard settings
 * themselves (`OTEL_EXPORTER_OTLP_ENDPOINT` or `…_TRACES_ENDPOINT`, `…_HEADERS`, `…_TIMEOUT`,
 * `…_COMPRESSION`), and the batch processor `OTEL_BSP_*`: spans leave in batches off the request's
 * path, and a collector that is down costs dropped spans, never a slower request.
 */
export function otlpSpanProcessor(protocol: OtlpProtocol): SpanProcessor {
  return new BatchSpanProcessor(otlpExporter(protocol));
}

/** Loaded only when asked for: every process imports this module, few export over OTLP. */
function otlpExporter(protocol: OtlpProtocol): SpanExporter {
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}
