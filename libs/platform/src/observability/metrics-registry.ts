import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry, served as `GET /metrics` on the internal
 * listener (HEALTH_PORT). Counters and histograms are bumped on the hot path (O(1), bounded
 * labels); gauges of state (lag, open reservations, timers due) are computed when scraped.
 */
export const metricsRegistry = new Registry();

let processMetricsStarted = false;

const EVENT_LOOP_SAMPLE_MS = 1_000;

/** Labels every series with `service`, and adds Node's process metrics (CPU, memory, event loop lag). */
export function startProcessMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  // The event-loop lag histogram samples once a second, not prom-client's every 10 ms:
  // each sample wakes an idle service (strace: 200 wake-ups a second at 10 ms, 10 at 100 ms, and
  // those 10 were a third of the idle stack's CPU). A stall worth alerting on is longer than the
  // gap between samples, and `nodejs_eventloop_lag_seconds` is measured at each scrape besides.
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
}

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** One instrument per name, however many times a module asks for it. */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });
}

export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
  return (
    (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ?? new Histogram<L>({ name, help, labelNames, buckets, registers: [metricsRegistry] })
  );
}

export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

/**
 * A gauge computed on scrape (declared by a context's runtime as data, registered by the
 * runtime's reactor runner): `collect` reads the state (a count in a read model, a consumer's
 * pending messages). A failing collect leaves the gauge empty for that scrape (no stale value)
 * and counts `eh_signal_collect_errors_total`.
 */
export interface SignalGauge {
  name: string;
  help: string;
  labelNames?: readonly string[];
  collect(): Promise<readonly GaugeSample[]>;
}

export function registerGauge(declaration: SignalGauge): void {
  // A runtime built again in the same process (tests) replaces its gauge, never keeps the old closure.
  if (metricsRegistry.getSingleMetric(declaration.name)) metricsRegistry.removeSingleMetric(declaration.name);
  const errors = counter('eh_signal_collect_errors_total', 'Gauges whose value could not be read at a scrape.', ['gauge']);
  new Gauge({
    name: declaration.name,
    help: declaration.help,
    labelNames: [...(declaration.labelNames ?? [])],
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      try {
        for (const sample of await declaration.collect()) this.set(sample.labels ?? {}, sample.value);
      } catch {
        errors.inc({ gauge: declaration.name });
      }
    },
  });
}

/**
 * Several gauges read from one query: calls within `ttlMs` of each other share one result, so
 * one scrape runs the query once.
 */
export function sharedReading<T>(read: () => Promise<T>, ttlMs = 1_000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ttlMs) {
      const value = read();
      last = { at: now, value };
      value.catch(() => (last = undefined));
    }
    return last.value;
  };
}

/**
 * A gauge with one series per row of a reading, labelled by one of the row's fields and valued by
 * `value`: the per-kind and per-durable gauges, several of them over the same shared reading.
 */
export function gaugePerRow<Row, Label extends keyof Row & string>(
  read: () => Promise<readonly Row[]>,
  label: Label,
  gauge: { name: string; help: string; value: (row: Row) => number },
): SignalGauge {
  return {
    name: gauge.name,
    help: gauge.help,
    labelNames: [label],
    collect: async () => (await read()).map((row) => ({ labels: { [label]: String(row[label]) }, value: gauge.value(row) })),
  };
}
