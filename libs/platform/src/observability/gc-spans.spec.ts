import { setTimeout as sleep } from 'node:timers/promises';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { traceGcPauses } from './gc-spans';

/** Allocates until the exporter holds a GC span (a young-generation collection comes within a few MB), at most `ms`. */
async function allocateUntilGcSpan(exporter: InMemorySpanExporter, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let keep: number[][] = [];
  while (Date.now() < until && !exporter.getFinishedSpans().some((span) => span.name.startsWith('gc '))) {
    keep = Array.from({ length: 2_000 }, (_, index) => [index, index + 1, index + 2]);
    // The observer is called after the collection, from the event loop.
    await sleep(1);
  }
  expect(keep.length).toBe(2_000);
}

describe('GC pauses as spans', () => {
  it('records each collection as a root span over its pause, named by kind, until stopped', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const startedAt = Date.now();
    const pauses = traceGcPauses(provider.getTracer('gc-spans-spec'));
    try {
      await allocateUntilGcSpan(exporter, 5_000);
    } finally {
      pauses.stop();
    }
    const [pause] = exporter.getFinishedSpans().filter((span) => span.name.startsWith('gc '));
    expect(pause).toBeDefined();
    expect(pause.name).toMatch(/^gc (minor|major|incremental|weakcb)$/);
    expect(pause.attributes['gc.kind']).toBe(pause.name.slice(3));
    expect(pause.parentSpanContext).toBeUndefined();
    // Wall-clock times of the pause itself, inside the test's run.
    const startMs = pause.startTime[0] * 1000 + pause.startTime[1] / 1e6;
    expect(startMs).toBeGreaterThanOrEqual(startedAt - 1);
    expect(startMs).toBeLessThanOrEqual(Date.now());
    expect(pause.duration[0] * 1000 + pause.duration[1] / 1e6).toBeGreaterThanOrEqual(0);

    exporter.reset();
    await allocateUntilGcSpan(exporter, 300);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
