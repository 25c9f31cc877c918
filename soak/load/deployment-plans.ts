/**
 * What the soak means each deployment to go through. Test-mode plans are scripted through
 * `metadata.test_script` (the router plays the expert); live plans are played by the soak's
 * experts through /expert/v1. A plan is only an intention: faults and clocks may end a
 * deployment otherwise, and the checks judge only what the events say.
 */
export type OfferReaction = 'accept' | 'decline' | 'ignore';

export type LiveWork = 'complete' | 'ask_reply' | 'ask_expire' | 'expert_cancel' | 'agent_cancel_accepted';

export type DeploymentPlan =
  | { mode: 'test'; name: 'complete' | 'ask_reply' | 'ask_expire' | 'decline_expire' | 'expert_cancel' | 'stay_then_cancel' | 'cancel_at_once' }
  | { mode: 'live'; name: 'agent_cancel_pending' }
  | { mode: 'live'; name: 'worked'; offers: OfferReaction[]; work: LiveWork };

interface Weighted {
  weight: number;
  plan: () => DeploymentPlan;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

const PLANS: Weighted[] = [
  { weight: 14, plan: () => ({ mode: 'test', name: 'complete' }) },
  { weight: 5, plan: () => ({ mode: 'test', name: 'ask_reply' }) },
  { weight: 2, plan: () => ({ mode: 'test', name: 'ask_expire' }) },
  { weight: 2, plan: () => ({ mode: 'test', name: 'decline_expire' }) },
  { weight: 3, plan: () => ({ mode: 'test', name: 'expert_cancel' }) },
  { weight: 3, plan: () => ({ mode: 'test', name: 'stay_then_cancel' }) },
  { weight: 2, plan: () => ({ mode: 'test', name: 'cancel_at_once' }) },
  { weight: 3, plan: () => ({ mode: 'live', name: 'agent_cancel_pending' }) },
  { weight: 14, plan: () => ({ mode: 'live', name: 'worked', offers: ['accept'], work: 'complete' }) },
  { weight: 5, plan: () => ({ mode: 'live', name: 'worked', offers: [pick(['decline', 'ignore'] as const), 'accept'], work: 'complete' }) },
  { weight: 5, plan: () => ({ mode: 'live', name: 'worked', offers: ['accept'], work: 'ask_reply' }) },
  { weight: 2, plan: () => ({ mode: 'live', name: 'worked', offers: ['accept'], work: 'ask_expire' }) },
  { weight: 2, plan: () => ({ mode: 'live', name: 'worked', offers: ['accept'], work: 'expert_cancel' }) },
  { weight: 2, plan: () => ({ mode: 'live', name: 'worked', offers: ['accept'], work: 'agent_cancel_accepted' }) },
  // Nobody takes it: declined or left to time out by every expert, it expires at its SLA.
  { weight: 2, plan: () => ({ mode: 'live', name: 'worked', offers: ['decline', 'ignore', 'decline', 'ignore'], work: 'complete' }) },
];

const TOTAL = PLANS.reduce((sum, entry) => sum + entry.weight, 0);

export function choosePlan(): DeploymentPlan {
  let roll = Math.random() * TOTAL;
  for (const entry of PLANS) {
    roll -= entry.weight;
    if (roll < 0) return entry.plan();
  }
  return PLANS[0].plan();
}

/** The test script the router's synthetic expert follows for a test-mode plan. */
export function testMetadata(plan: DeploymentPlan): Record<string, string | number> {
  if (plan.mode !== 'test') return {};
  switch (plan.name) {
    case 'ask_reply':
    case 'ask_expire':
      return { test_script: 'ask_question', test_question: 'Which audience first?' };
    case 'decline_expire':
      return { test_script: 'decline' };
    case 'expert_cancel':
      return { test_script: 'expert_cancel' };
    case 'stay_then_cancel':
      return { test_script: 'stay_accepted' };
    case 'cancel_at_once':
      return { test_script: 'stay_accepted' };
    default:
      return { test_duration_seconds: Math.floor(Math.random() * 4) };
  }
}

/** A plan that waits for the SLA to run out, which only the priority window keeps short. */
export function mustBePriority(plan: DeploymentPlan): boolean {
  if (plan.mode === 'test') return plan.name === 'decline_expire';
  return plan.name === 'worked' && !plan.offers.includes('accept');
}

export function planLabel(plan: DeploymentPlan): string {
  if (plan.mode === 'test' || plan.name === 'agent_cancel_pending') return `${plan.mode}:${plan.name}`;
  return `live:${plan.offers.join('>')}:${plan.work}`;
}
