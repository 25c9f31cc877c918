import { inSpan, startTracing } from '@eh/platform';

/**
 * A process that traces `SPANS` spans with the tracing its environment configures, shuts tracing
 * down, and prints `{ trace_ids, spans_ms, shutdown_ms }`: the OTLP exporter loads Node's http
 * module by a dynamic import, which Jest's sandbox cannot run, so tests export from a process.
 */
async function main(): Promise<void> {
  const tracing = startTracing(process.env.SERVICE_NAME ?? 'trace-spans');
  const traceIds: string[] = [];
  const started = performance.now();
  for (let index = 0; index < Number(process.env.SPANS ?? 1); index++) {
    await inSpan(process.env.SPAN_NAME ?? 'a traced request', {}, undefined, async (span) => void traceIds.push(span?.spanContext().traceId ?? ''));
  }
  const spansMs = performance.now() - started;
  const shutdownStarted = performance.now();
  await tracing?.shutdown();
  process.stdout.write(`${JSON.stringify({ trace_ids: traceIds, spans_ms: spansMs, shutdown_ms: performance.now() - shutdownStarted })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
