import type { Pool } from 'pg';

/**
 * When each deployment reached `completed`, from the event store (recorded_at is the appending
 * transaction's time, same clock as the load generator on one machine). Reading after the run
 * adds no load while it runs.
 */
export async function completedAt(pool: Pool, deploymentIds: readonly string[]): Promise<Map<string, number>> {
  const streams = deploymentIds.map((id) => `deployment-${id}`);
  const { rows } = await pool.query<{ stream_name: string; at: Date }>(
    `SELECT stream_name, recorded_at AS at FROM events WHERE event_type = 'deployment.completed' AND stream_name = ANY($1)`,
    [streams],
  );
  return new Map(rows.map((row) => [row.stream_name.slice('deployment-'.length), row.at.getTime()]));
}

/** Waits until every deployment completed or `timeoutMs` passed; answers how many completed. */
export async function waitForCompletion(pool: Pool, deploymentIds: readonly string[], timeoutMs: number): Promise<Map<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await completedAt(pool, deploymentIds);
    if (done.size >= deploymentIds.length || Date.now() > deadline) return done;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
