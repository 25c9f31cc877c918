import { gaugePerRow, sharedReading, type SignalGauge, type SqlClient } from '@eh/platform';
import { TIMER_KINDS } from '@eh/deployments';

/**
 * The router's timer gauges, read from `deployment_timers_view` (what the timers
 * should be, whatever Redis holds) at each scrape, by kind (sla, offer, reply window,
 * scheduled start: a small fixed set): timers scheduled, timers due (their time has come and
 * they have not fired yet) and how late the most overdue one is.
 */
export function timerGauges(sql: SqlClient): SignalGauge[] {
  const read = sharedReading(async () => {
    const { rows } = await sql.query<{ kind: string; scheduled: number; due: number; late: number | null }>(
      `SELECT kind, count(*)::int AS scheduled, count(*) FILTER (WHERE due_at <= now())::int AS due,
              extract(epoch FROM now() - min(due_at) FILTER (WHERE due_at <= now()))::float8 AS late
         FROM deployment_timers_view GROUP BY kind`,
    );
    // Every kind, 0 when it has none, so each series exists from the start.
    return TIMER_KINDS.map((kind) => rows.find((row) => row.kind === kind) ?? { kind, scheduled: 0, due: 0, late: null });
  });
  return [
    gaugePerRow(read, 'kind', { name: 'eh_timers_scheduled', help: 'Deployment timers scheduled, by kind.', value: (row) => row.scheduled }),
    gaugePerRow(read, 'kind', {
      name: 'eh_timers_due',
      help: 'Deployment timers whose time has come and that have not fired yet, by kind.',
      value: (row) => row.due,
    }),
    {
      name: 'eh_timers_due_oldest_seconds',
      help: 'How long the most overdue timer has been due (0 when none is due).',
      collect: async () => [{ value: Math.max(0, ...(await read()).map((row) => row.late ?? 0)) }],
    },
  ];
}
