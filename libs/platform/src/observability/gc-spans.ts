import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { ROOT_CONTEXT, type Tracer } from '@opentelemetry/api';

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/**
 * Each garbage collection as a root span (`gc minor`, `gc major`…) over the pause it took, so a
 * slow request's trace can be laid beside the pauses that held its process. Only while tracing is
 * on: the observer is called by V8 after each collection, and it wakes nothing by itself.
 */
export function traceGcPauses(tracer: Tracer): { stop(): void } {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      // Times relative to performance.timeOrigin: OpenTelemetry reads a number below it as one.
      tracer.startSpan(`gc ${kind}`, { startTime: entry.startTime, attributes: { 'gc.kind': kind } }, ROOT_CONTEXT).end(entry.startTime + entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { stop: () => observer.disconnect() };
}
