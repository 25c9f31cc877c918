import { sharedReading, type SignalGauge, type SqlClient } from '@eh/platform';

/**
 * The ledger's gauges, read from `account_reservations_view` at each scrape: holds
 * still open, and holds stuck (past their deadline with no deployment, yet not released by the
 * orphan sweep, which runs every LEDGER_SWEEP_INTERVAL_MS).
 */
export function ledgerGauges(sql: SqlClient): SignalGauge[] {
  const read = sharedReading(async () => {
    const { rows } = await sql.query<{ open: number; stuck: number }>(
      `SELECT count(*) FILTER (WHERE status = 'held')::int AS open,
              count(*) FILTER (WHERE status = 'held' AND NOT confirmed AND NOT deployment_created AND expires_at < now() - interval '60 seconds')::int AS stuck
         FROM account_reservations_view`,
    );
    return rows[0] ?? { open: 0, stuck: 0 };
  });
  return [
    {
      name: 'eh_ledger_open_reservations',
      help: 'Credit reservations held (not yet released or settled).',
      collect: async () => [{ value: (await read()).open }],
    },
    {
      name: 'eh_ledger_stuck_reservations',
      help: 'Reservations more than 60 s past their deadline with no deployment, not yet released.',
      collect: async () => [{ value: (await read()).stuck }],
    },
  ];
}
