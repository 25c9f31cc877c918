/**
 * The router's read models of deployments, kept inline so they never disagree with
 * the events: who holds the open offer or the assignment (the expert API and re-routing read
 * it), and every timer due (the reconciler re-derives BullMQ jobs from it after a Redis flush).
 */
export const routingViewMigrations = [
  {
    id: 'deployment-routing-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS deployment_routing_view (
        deployment_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        mode text NOT NULL,
        status text NOT NULL,
        brief text NOT NULL,
        skills text[] NOT NULL,
        urgency text NOT NULL,
        sla_deadline timestamptz NOT NULL,
        routing_started boolean NOT NULL,
        offered_expert_id text,
        offer_number integer,
        offer_expires_at timestamptz,
        offers_made integer NOT NULL,
        passed_over text[] NOT NULL,
        assigned_expert_id text,
        created_at timestamptz NOT NULL,
        changed_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS deployment_routing_offered ON deployment_routing_view (offered_expert_id) WHERE offered_expert_id IS NOT NULL;
      CREATE INDEX IF NOT EXISTS deployment_routing_assigned ON deployment_routing_view (assigned_expert_id, changed_at DESC) WHERE assigned_expert_id IS NOT NULL;
      CREATE INDEX IF NOT EXISTS deployment_routing_idle ON deployment_routing_view USING gin (skills)
        WHERE status = 'pending' AND mode = 'live' AND routing_started AND offered_expert_id IS NULL;
      CREATE TABLE IF NOT EXISTS deployment_timers_view (
        job_id text PRIMARY KEY,
        deployment_id text NOT NULL,
        workspace_id text NOT NULL,
        kind text NOT NULL,
        due_at timestamptz NOT NULL,
        offer_number integer
      );
      CREATE INDEX IF NOT EXISTS deployment_timers_due ON deployment_timers_view (due_at);
      CREATE INDEX IF NOT EXISTS deployment_timers_by_deployment ON deployment_timers_view (deployment_id);
    `,
  },
];
