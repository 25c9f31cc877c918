import type { DeploymentCreated, DeploymentEvent } from '@eh/contracts';
import { decide } from './deployment.decider';
import { evolve, foldDeployment } from './deployment.evolve';
import { nextSyntheticStep, SYNTHETIC_EXPERT, syntheticStepsNow } from './synthetic-expert';
import { plainDeploymentData } from '@eh/contracts/testing';

const now = new Date('2026-11-21T10:00:00.000Z');
const created = (overrides: Partial<DeploymentCreated['data']> = {}): DeploymentEvent => ({
  type: 'deployment.created',
  data: plainDeploymentData({
    deployment_id: 'dep_01JD0000000000000000000000',
    workspace_id: 'ws_1',
    mode: 'test',
    brief: 'Name our product.',
    skills: ['naming'],
    sla_deadline: '2026-11-21T14:00:00.000Z',
    credits_reserved: 0,
    created_at: '2026-11-21T09:59:59.000Z',
    ...overrides,
  }),
});

/** Lets the synthetic expert act until it has nothing left to do. */
function runToEnd(history: DeploymentEvent[]): DeploymentEvent[] {
  const events = [...history];
  for (let step = 0; step < 10; step++) {
    const command = nextSyntheticStep(foldDeployment(events), now);
    if (!command) return events;
    events.push(...decide(command, foldDeployment(events)));
  }
  throw new Error('the synthetic expert did not stop');
}

describe('synthetic expert', () => {
  it('takes a test deployment from pending to completed with synthesized output and no charge', () => {
    const events = runToEnd([created()]);
    expect(events.map((event) => event.type)).toEqual(['deployment.created', 'deployment.accepted', 'deployment.in_progress', 'deployment.completed']);
    const state = foldDeployment(events);
    expect(state.status).toBe('completed');
    if (state.status !== 'completed') return;
    expect(state.expert).toEqual(SYNTHETIC_EXPERT);
    expect(state.credits_charged).toBe(0);
    expect(state.output.body).toContain('Name our product');
  });

  it('leaves live deployments to the human roster', () => {
    expect(nextSyntheticStep(foldDeployment([created({ mode: 'live' })]), now)).toBeNull();
  });

  it('does not accept a scheduled deployment before its routing started', () => {
    const scheduled = created({ urgency: 'scheduled', scheduled_for: '2026-11-21T10:30:00.000Z' });
    expect(nextSyntheticStep(foldDeployment([scheduled]), new Date('2026-11-21T11:00:00.000Z'))).toBeNull();
  });

  it('waits for scheduled_for: the start timer begins routing, then it accepts', () => {
    const scheduled = created({ urgency: 'scheduled', scheduled_for: '2026-11-21T10:30:00.000Z' });
    const started: DeploymentEvent = {
      type: 'deployment.routing_started',
      data: { deployment_id: 'dep_01JD0000000000000000000000', started_at: '2026-11-21T10:30:00.000Z' },
    };
    expect(nextSyntheticStep(foldDeployment([scheduled, started]), now)?.type).toBe('accept');
  });

  it('does nothing on an initial or finished deployment', () => {
    expect(nextSyntheticStep(foldDeployment([]), now)).toBeNull();
    const done = runToEnd([created()]);
    expect(nextSyntheticStep(foldDeployment(done), now)).toBeNull();
  });

  describe('syntheticStepsNow: every step it can take at once, for one append', () => {
    it('accepts, starts and publishes an unscripted deployment in one go, the same steps one at a time would take', () => {
      const steps = syntheticStepsNow(foldDeployment([created()]), now);
      expect(steps.map((step) => step.type)).toEqual(['accept', 'start', 'publish']);
      const oneAtATime = runToEnd([created()]).slice(1);
      let state = foldDeployment([created()]);
      const together = steps.flatMap((step) => {
        const events = decide(step, state);
        state = events.reduce(evolve, state);
        return events;
      });
      expect(together.map((event) => event.type)).toEqual(oneAtATime.map((event) => event.type));
    });

    it('stops at a question, a scripted duration or a decline', () => {
      expect(syntheticStepsNow(foldDeployment([created({ metadata: { test_script: 'ask_question' } })]), now).map((step) => step.type)).toEqual([
        'accept',
        'start',
        'ask_question',
      ]);
      expect(syntheticStepsNow(foldDeployment([created({ metadata: { test_duration_seconds: 30 } })]), now).map((step) => step.type)).toEqual([
        'accept',
        'start',
      ]);
      expect(syntheticStepsNow(foldDeployment([created({ metadata: { test_script: 'decline' } })]), now)).toEqual([]);
    });

    it('takes no step for live work, a scheduled deployment not yet routed, or a finished one', () => {
      expect(syntheticStepsNow(foldDeployment([created({ mode: 'live' })]), now)).toEqual([]);
      expect(syntheticStepsNow(foldDeployment([created({ urgency: 'scheduled', scheduled_for: '2026-11-21T10:30:00.000Z' })]), now)).toEqual([]);
      expect(syntheticStepsNow(foldDeployment(runToEnd([created()])), now)).toEqual([]);
    });
  });
});
