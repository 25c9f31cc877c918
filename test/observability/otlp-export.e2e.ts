import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { OtlpReceiver } from '../support/otlp-receiver';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../dist/test/support/trace-spans.main.js');

async function traceSpans(env: Record<string, string>): Promise<{ trace_ids: string[]; spans_ms: number; shutdown_ms: number }> {
  const { stdout } = await run(process.execPath, [SCRIPT], { env: { ...process.env, ...env }, timeout: 30_000 });
  // The last line: the process logs (JSON lines too) before it.
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
}

/**
 * OTLP export from a process to a collector's OTLP/HTTP endpoint on loopback, configured only by
 * the standard settings: the standard default protocol (protobuf) carries the spans in a batch,
 * and a collector that is not there costs the traced work nothing. (The services' export in JSON,
 * read back span by span, is in signals.e2e.ts.)
 */
describe('OTLP export', () => {
  let collector: OtlpReceiver;

  beforeAll(async () => {
    collector = await OtlpReceiver.start();
  });

  afterAll(async () => {
    await collector.close();
  });

  it('sends finished spans as protobuf to the endpoint’s /v1/traces, in one batch', async () => {
    const traced = await traceSpans({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '60000',
      SPANS: '3',
      SERVICE_NAME: 'otlp-e2e',
      SPAN_NAME: 'a traced request',
    });
    // Batched: nothing left with each span; the batch left at shutdown.
    expect(collector.exports).toHaveLength(1);
    const [sent] = collector.exports;
    expect(sent.contentType).toBe('application/x-protobuf');
    // Trace ids travel as their 16 raw bytes, the span's and the service's names as text.
    for (const traceId of traced.trace_ids) expect(sent.body.includes(Buffer.from(traceId, 'hex'))).toBe(true);
    expect(sent.body.includes(Buffer.from('a traced request'))).toBe(true);
    expect(sent.body.includes(Buffer.from('otlp-e2e'))).toBe(true);
  });

  it('keeps traced work as fast with no collector listening, and shuts down within the export timeout', async () => {
    const gone = await OtlpReceiver.start();
    const endpoint = gone.endpoint;
    await gone.close();
    const traced = await traceSpans({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '10', OTEL_EXPORTER_OTLP_TIMEOUT: '500', SPANS: '200' });
    expect(traced.trace_ids).toHaveLength(200);
    expect(traced.spans_ms).toBeLessThan(2000);
    expect(traced.shutdown_ms).toBeLessThan(5000);
  });
});
