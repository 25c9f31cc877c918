import type { ExpertRef, KeyMode, Metadata, Urgency } from '@eh/contracts';
import { SYNTHETIC_EXPERT, testScriptOf } from '@eh/deployments';

/** The answer of `POST /v1/deployments/quote` (docs/decisions.md "Agent side: SDK, MCP resources, quote"). */
export interface DeploymentQuote {
  object: 'deployment_quote';
  mode: KeyMode;
  /** Whether a create with this body would find an expert now (false: create answers 422 `expert_unavailable`). */
  available: boolean;
  /** Why not, phrased for the caller; null when available. */
  unavailable_reason: string | null;
  urgency: Urgency;
  skills: string[];
  /** Online experts covering at least one of the skills (1 in test mode: the synthesizer). */
  candidate_count: number;
  /** The expert the deployment would be offered to first; null when none is available. */
  expert: ExpertRef | null;
  /** What a create would hold now (0 in test mode and when unavailable). */
  credits_reserved: number;
  /** When an expert must accept by, as create would set it. */
  sla_deadline: string;
  /** Seconds from now to acceptance, if the first expert takes the offer (null when unavailable). */
  estimated_acceptance_seconds: number | null;
  /** Seconds from now to the output: acceptance plus the expert's median turnaround (null when unavailable). */
  estimated_completion_seconds: number | null;
  quoted_at: string;
}

export interface QuoteFigures {
  mode: KeyMode;
  urgency: Urgency;
  skills: string[];
  metadata: Metadata;
  now: Date;
  /** When routing starts: now, or scheduled_for. */
  routingStartsAt: Date;
  slaDeadline: Date;
  offerTimeoutSeconds: number;
  availability: { available: boolean; reason: string | null; candidateCount: number };
  /** The live roster's first choice with its median turnaround; null in test mode or when nobody is online. */
  firstChoice: (ExpertRef & { median_turnaround_minutes: number }) | null;
  creditsReserved: number;
}

/**
 * Pure: the figures from what the router and the roster said. Acceptance is expected within one
 * offer window of routing starting (the first expert holds the offer that long at most), never
 * past the SLA; completion adds the expert's median turnaround. Test mode follows the
 * synthesizer: it accepts as routing starts and publishes after `test_duration_seconds`.
 */
export function deploymentQuote(figures: QuoteFigures): DeploymentQuote {
  const { now, mode } = figures;
  const lead = Math.max(0, Math.round((figures.routingStartsAt.getTime() - now.getTime()) / 1000));
  const slaSeconds = Math.max(0, Math.round((figures.slaDeadline.getTime() - now.getTime()) / 1000));
  const base = {
    object: 'deployment_quote' as const,
    mode,
    urgency: figures.urgency,
    skills: figures.skills,
    candidate_count: figures.availability.candidateCount,
    sla_deadline: figures.slaDeadline.toISOString(),
    quoted_at: now.toISOString(),
  };
  const expert = mode === 'test' ? SYNTHETIC_EXPERT : figures.firstChoice;
  if (!figures.availability.available || !expert) {
    const reason = figures.availability.reason ?? `no expert with skills ${figures.skills.join(', ')} is available`;
    return {
      ...base,
      available: false,
      unavailable_reason: reason,
      expert: null,
      credits_reserved: 0,
      estimated_acceptance_seconds: null,
      estimated_completion_seconds: null,
    };
  }
  const acceptance = mode === 'test' ? lead : Math.min(slaSeconds, lead + figures.offerTimeoutSeconds);
  const work = mode === 'test' ? (testScriptOf(figures.metadata).durationSeconds ?? 0) : (figures.firstChoice?.median_turnaround_minutes ?? 0) * 60;
  return {
    ...base,
    available: true,
    unavailable_reason: null,
    expert: { id: expert.id, name: expert.name, role: expert.role },
    credits_reserved: figures.creditsReserved,
    estimated_acceptance_seconds: acceptance,
    estimated_completion_seconds: acceptance + work,
  };
}
