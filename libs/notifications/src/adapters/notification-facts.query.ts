import type { SqlClient } from '@eh/platform';
import type { DeploymentFacts } from '../domain/notification-for-event';

/**
 * What the notification rules need of a deployment and an expert, from the read models the
 * router and gateway keep: skills and assignment (routing view), the reservation (deployment
 * view), the rate and turnaround (roster). Null when the deployment is not known here yet.
 */
export async function deploymentFacts(sql: SqlClient, deploymentId: string, offeredExpertId: string | null): Promise<DeploymentFacts | null> {
  const { rows } = await sql.query<{
    skills: string[];
    assigned_expert_id: string | null;
    credits_reserved: number | null;
    rate: number | null;
    turnaround: number | null;
  }>(
    `SELECT r.skills, r.assigned_expert_id, (d.resource->>'credits_reserved')::integer AS credits_reserved,
            e.rate_credits_per_hour AS rate, e.median_turnaround_minutes AS turnaround
     FROM deployment_routing_view r
     LEFT JOIN deployments_view d ON d.id = r.deployment_id
     LEFT JOIN experts_view e ON e.id = COALESCE($2, r.assigned_expert_id)
     WHERE r.deployment_id = $1`,
    [deploymentId, offeredExpertId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    skills: row.skills,
    creditsReserved: row.credits_reserved,
    assignedExpertId: row.assigned_expert_id,
    rateCreditsPerHour: row.rate,
    medianTurnaroundMinutes: row.turnaround,
  };
}

/** Whether this offer is still the open one: not accepted, declined, expired or withdrawn. */
export async function offerIsOpen(sql: SqlClient, deploymentId: string, offerNumber: number, expertId: string, now: Date): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM deployment_routing_view WHERE deployment_id = $1 AND offer_number = $2 AND offered_expert_id = $3 AND status = 'pending' AND offer_expires_at > $4`,
    [deploymentId, offerNumber, expertId, now],
  );
  return rows.length > 0;
}
