/** GC pauses of one service, from prom-client's `nodejs_gc_duration_seconds` on its /metrics. */
export interface GcPauses {
  /** Per kind (minor, major, incremental, weakcb): how many, their total ms, and how many took over 10 ms. */
  [kind: string]: { count: number; totalMs: number; over10Ms: number };
}

export async function readGcPauses(metricsUrl: string): Promise<GcPauses> {
  const text = await (await fetch(metricsUrl)).text();
  const pauses: GcPauses = {};
  /** Buckets are cumulative: the 10 ms one counts the pauses up to 10 ms; the rest took longer. */
  const upTo10Ms: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^nodejs_gc_duration_seconds_(sum|count|bucket)\{([^}]*)\} (\S+)$/.exec(line);
    const kind = match && /kind="([^"]+)"/.exec(match[2])?.[1];
    if (!match || !kind) continue;
    const [, part, labels, raw] = match;
    const entry = (pauses[kind] ??= { count: 0, totalMs: 0, over10Ms: 0 });
    if (part === 'count') entry.count = Number(raw);
    if (part === 'sum') entry.totalMs = Number(raw) * 1000;
    if (part === 'bucket' && /le="0\.01"/.test(labels)) upTo10Ms[kind] = Number(raw);
  }
  for (const [kind, entry] of Object.entries(pauses)) entry.over10Ms = entry.count - (upTo10Ms[kind] ?? 0);
  return pauses;
}

/** What happened between two readings, kinds with no pause left out. */
export function gcPausesBetween(before: GcPauses, after: GcPauses): GcPauses {
  const between: GcPauses = {};
  for (const [kind, entry] of Object.entries(after)) {
    const earlier = before[kind] ?? { count: 0, totalMs: 0, over10Ms: 0 };
    const count = entry.count - earlier.count;
    if (count > 0) between[kind] = { count, totalMs: Math.round(entry.totalMs - earlier.totalMs), over10Ms: entry.over10Ms - earlier.over10Ms };
  }
  return between;
}
