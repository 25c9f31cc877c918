/** Scripted test mode: each `test_script` plays one branch an agent must handle. */
import type { DeploymentCreated, DeploymentEvent, Metadata } from '@eh/contracts';
import { decide } from './deployment.decider';
import { foldDeployment } from './deployment.evolve';
import { nextSyntheticStep, syntheticWorkTimer } from './synthetic-expert';
import { testScriptOf } from './test-script';
import { plainDeploymentData } from '@eh/contracts/testing';

const DEP = 'dep_01JD0000000000000000000000';
const at = (seconds: number): Date => new Date(Date.parse('2026-11-21T10:00:00.000Z') + seconds * 1000);
const created = (metadata: Metadata): DeploymentEvent => {
  const data: DeploymentCreated['data'] = plainDeploymentData({
    deployment_id: DEP,
    workspace_id: 'ws_1',
    mode: 'test',
    brief: 'Name our product.',
    skills: ['naming'],
    metadata,
    sla_deadline: at(4 * 3600).toISOString(),
    credits_reserved: 0,
    created_at: at(0).toISOString(),
  });
  return { type: 'deployment.created', data };
};

/** Runs the synthetic expert at `time` until it waits; returns the stream. */
function play(events: DeploymentEvent[], time: Date): DeploymentEvent[] {
  for (let step = 0; step < 10; step++) {
    const command = nextSyntheticStep(foldDeployment(events), time, { replyWindowSeconds: 60 });
    if (!command) return events;
    events.push(...decide(command, foldDeployment(events)));
  }
  throw new Error('the synthetic expert did not stop');
}
const types = (events: DeploymentEvent[]): string[] => events.map((event) => event.type.replace('deployment.', ''));

describe('scripted test mode', () => {
  it('ask_question: asks, waits for the reply, then publishes', () => {
    const events = play([created({ test_script: 'ask_question', test_question: 'Formal or playful?' })], at(1));
    expect(types(events)).toEqual(['created', 'accepted', 'in_progress', 'needs_input']);
    const state = foldDeployment(events);
    expect(state).toMatchObject({ status: 'needs_input', clarification: { question: { body: 'Formal or playful?', reply_deadline: at(61).toISOString() } } });
    events.push(...decide({ type: 'reply', body: 'Playful.', contextFiles: [], now: at(5).toISOString() }, state));
    expect(types(play(events, at(6))).slice(-2)).toEqual(['reply_received', 'completed']);
  });

  it('decline: never accepts, so the SLA expires it', () => {
    expect(types(play([created({ test_script: 'decline' })], at(1)))).toEqual(['created']);
  });

  it('expert_cancel: accepts, then the expert cancels and says so', () => {
    const events = play([created({ test_script: 'expert_cancel' })], at(1));
    expect(types(events)).toEqual(['created', 'accepted', 'cancelled']);
    expect(foldDeployment(events)).toMatchObject({ status: 'cancelled', cancelled_by: 'expert', reason: expect.stringContaining('expert') });
  });

  it('stay_accepted: accepts and waits, so the agent can cancel an accepted deployment', () => {
    expect(types(play([created({ test_script: 'stay_accepted' })], at(1)))).toEqual(['created', 'accepted']);
  });

  it('test_duration_seconds: publishes only when the work timer is due, reporting that duration', () => {
    const events = play([created({ test_duration_seconds: '30' })], at(1));
    expect(types(events)).toEqual(['created', 'accepted', 'in_progress']);
    expect(syntheticWorkTimer(foldDeployment(events))).toEqual({ jobId: `work-${DEP}`, dueAt: at(31).toISOString() });
    expect(nextSyntheticStep(foldDeployment(events), at(30))).toBeNull();
    const done = play(events, at(31));
    expect(foldDeployment(done)).toMatchObject({ status: 'completed', duration_seconds: 30 });
    expect(syntheticWorkTimer(foldDeployment(done))).toBeNull();
  });

  it('has no work timer while a question waits for its reply', () => {
    const events = play([created({ test_script: 'ask_question', test_duration_seconds: 30 })], at(1));
    expect(syntheticWorkTimer(foldDeployment(events))).toBeNull();
  });

  it('falls back to the default for unknown or malformed values', () => {
    expect(testScriptOf({ test_script: 'dance', test_duration_seconds: 'soon' })).toEqual({
      script: 'complete',
      question: expect.any(String),
      durationSeconds: null,
    });
    expect(testScriptOf({ test_duration_seconds: 10 ** 9 }).durationSeconds).toBe(86400);
  });
});
