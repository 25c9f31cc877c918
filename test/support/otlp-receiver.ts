import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SpanLine } from '@eh/platform';
import { closeNow } from '@eh/platform/testing';

/** One OTLP/HTTP export as a collector receives it. */
export interface OtlpExport {
  contentType: string;
  body: Buffer;
}

interface OtlpAnyValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpJsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  status?: { code?: number };
  attributes?: { key: string; value: OtlpAnyValue }[];
}
interface OtlpJsonTraces {
  resourceSpans: { resource?: { attributes?: { key: string; value: OtlpAnyValue }[] }; scopeSpans: { spans: OtlpJsonSpan[] }[] }[];
}

const plainValue = (value: OtlpAnyValue): unknown =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue));

/**
 * A collector's OTLP/HTTP traces endpoint (`POST /v1/traces`) on loopback, as the services reach
 * one through `OTEL_EXPORTER_OTLP_ENDPOINT`. Keeps every export; JSON exports are also read back
 * into span lines (OTLP's span kinds count from 1 where the API's count from 0).
 */
export class OtlpReceiver {
  readonly exports: OtlpExport[] = [];

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server = http.createServer();
    const receiver = new OtlpReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/traces') return void response.writeHead(404).end();
        receiver.exports.push({ contentType: String(request.headers['content-type'] ?? ''), body: Buffer.concat(chunks) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  spans(): SpanLine[] {
    return this.exports
      .filter((entry) => entry.contentType.startsWith('application/json'))
      .flatMap((entry) => (JSON.parse(entry.body.toString('utf8')) as OtlpJsonTraces).resourceSpans)
      .flatMap((resourceSpans) => {
        const service = String(plainValue(resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value ?? {}) ?? '');
        return resourceSpans.scopeSpans.flatMap((scope) =>
          scope.spans.map((span) => {
            const startNs = BigInt(span.startTimeUnixNano);
            return {
              trace_id: span.traceId,
              span_id: span.spanId,
              parent_span_id: span.parentSpanId || null,
              name: span.name,
              kind: span.kind - 1,
              service,
              start_us: Number(startNs / 1000n),
              duration_us: Number((BigInt(span.endTimeUnixNano) - startNs) / 1000n),
              status: span.status?.code ?? 0,
              attributes: Object.fromEntries((span.attributes ?? []).map((attribute) => [attribute.key, plainValue(attribute.value)])),
            };
          }),
        );
      });
  }

  close(): Promise<void> {
    return closeNow(this.server);
  }
}
