import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SpanLine } from '@eh/platform';
import type { OtlpReceiver } from '../../test/support/otlp-receiver';

/** How many spans of one slow request are printed; the rest are counted. */
const MAX_LINES_PER_TRACE = 30;

/** One slow request and where its time went, as the services' spans tell it. */
export interface SlowTrace {
  index: number;
  latency_ms: number;
  trace_id: string;
  /** From the request leaving the bench to the gateway's first span: time spent queued before any code of ours ran. */
  before_first_span_ms: number | null;
  /** `start offset (ms from the request leaving) · duration · service · name`, indented by depth, in start order. */
  spans: string[];
  /** Spans of the same trace that began after the answer went back: the deployment's background work. */
  later_spans: number;
  /** Spans of other traces the gateway ran while this request was open, by name (GC pauses among them): the work it shared the event loop with. */
  gateway_overlapping: Record<string, { count: number; ms: number }>;
}

/**
 * Requests of one phase carry W3C trace ids the bench chooses (`traceparent`, sampled), so the
 * slowest of them can be found again among the spans the services export to the bench's OTLP
 * receiver, and laid out beside the other work that was running at the same moment.
 */
export class TracedRequests {
  private readonly prefix = randomBytes(4).toString('hex');
  private readonly sentAtUs: number[] = [];

  /** The headers request `index` goes out with; call it as the request leaves. */
  headers(index: number): Record<string, string> {
    this.sentAtUs[index] = Math.round((performance.timeOrigin + performance.now()) * 1000);
    return { traceparent: `00-${this.traceId(index)}-${randomBytes(8).toString('hex')}-01` };
  }

  traceId(index: number): string {
    return this.prefix + index.toString(16).padStart(24, '0');
  }

  /** The `count` slowest requests by `latencyByIndex`, each with its spans, once the exports have arrived. */
  async slowest(receiver: OtlpReceiver, latencyByIndex: readonly (number | undefined)[], count: number): Promise<SlowTrace[]> {
    // Spans leave the services in batches (OTEL_BSP_SCHEDULE_DELAY): give the last batch time to land.
    await sleep(1_500);
    const spans = receiver.spans();
    const byTrace = new Map<string, SpanLine[]>();
    for (const span of spans) {
      const trace = byTrace.get(span.trace_id);
      if (trace) trace.push(span);
      else byTrace.set(span.trace_id, [span]);
    }
    const gatewaySpans = spans.filter((span) => span.service === 'gateway');
    // The next phase's requests are looked for among its own spans only.
    receiver.exports.splice(0);
    return latencyByIndex
      .flatMap((latency, index) => (latency === undefined ? [] : [{ index, latency }]))
      .sort((a, b) => b.latency - a.latency)
      .slice(0, count)
      .map(({ index, latency }) => this.describe(index, latency, byTrace.get(this.traceId(index)) ?? [], gatewaySpans));
  }

  private describe(index: number, latencyMs: number, spans: readonly SpanLine[], gatewaySpans: readonly SpanLine[]): SlowTrace {
    const sentAtUs = this.sentAtUs[index];
    const answeredAtUs = sentAtUs + latencyMs * 1000;
    const ms = (us: number) => (us / 1000).toFixed(1).padStart(6);
    const depthOf = depths(spans);
    const during = spans.filter((span) => span.start_us <= answeredAtUs).sort((a, b) => a.start_us - b.start_us);
    const lines = during.map(
      (span) =>
        `${ms(span.start_us - sentAtUs)} ${ms(span.duration_us)}  ${'  '.repeat(depthOf.get(span.span_id) ?? 0)}${span.service} ${span.name}${poolNote(span)}`,
    );
    const overlapping: Record<string, { count: number; ms: number }> = {};
    const gatewaySpanIds = new Set(gatewaySpans.map((span) => span.span_id));
    for (const span of gatewaySpans) {
      if (span.trace_id === this.traceId(index) || span.start_us > answeredAtUs || span.start_us + span.duration_us < sentAtUs) continue;
      // Only the outermost of the gateway's spans: a request's statements are counted with it.
      if (span.parent_span_id !== null && gatewaySpanIds.has(span.parent_span_id)) continue;
      const entry = (overlapping[span.name] ??= { count: 0, ms: 0 });
      entry.count += 1;
      entry.ms = Math.round((entry.ms + span.duration_us / 1000) * 10) / 10;
    }
    return {
      index,
      latency_ms: Math.round(latencyMs * 10) / 10,
      trace_id: this.traceId(index),
      before_first_span_ms: during.length > 0 ? Math.round((during[0].start_us - sentAtUs) / 100) / 10 : null,
      spans: lines.length > MAX_LINES_PER_TRACE ? [...lines.slice(0, MAX_LINES_PER_TRACE), `… ${lines.length - MAX_LINES_PER_TRACE} more`] : lines,
      later_spans: spans.length - during.length,
      gateway_overlapping: overlapping,
    };
  }
}

/** A statement's span says when it had to wait for a pooled connection. */
function poolNote(span: SpanLine): string {
  const waiting = span.attributes['pg.pool.waiting'];
  const idle = span.attributes['pg.pool.idle'];
  return waiting === undefined ? '' : ` [pool: ${idle} idle, ${waiting} waiting]`;
}

/** Each span's depth in its trace: 0 for a span whose parent is not among them (the bench's own, unexported). */
function depths(spans: readonly SpanLine[]): Map<string, number> {
  const parentOf = new Map(spans.map((span) => [span.span_id, span.parent_span_id]));
  const depth = new Map<string, number>();
  const depthOf = (spanId: string, seen = 0): number => {
    const known = depth.get(spanId);
    if (known !== undefined) return known;
    const parent = parentOf.get(spanId);
    const value = parent && parentOf.has(parent) && seen < 50 ? depthOf(parent, seen + 1) + 1 : 0;
    depth.set(spanId, value);
    return value;
  };
  for (const span of spans) depthOf(span.span_id);
  return depth;
}
