import type { DeploymentEvent, Output } from '@eh/contracts';
import { DEP, EXPERT, HISTORIES, OUTPUT, T, createdData, ev } from './testing/deployment.fixtures';
import { given } from './testing/decider.given-when-then';
import { toDeploymentResource } from './deployment.resource';
import { toExpertView } from './deployment.expert-view';
import { foldDeployment } from './deployment.evolve';

const SCHEMA = {
  type: 'object',
  required: ['variants', 'chosen'],
  properties: { variants: { type: 'array', minItems: 3, items: { type: 'string', maxLength: 60 } }, chosen: { type: 'integer', minimum: 0, maximum: 2 } },
};
const typedHistory: DeploymentEvent[] = [{ type: 'deployment.created', data: { ...createdData(), output_schema: SCHEMA } }, ...HISTORIES.in_progress.slice(1)];
const publish = (output: Output) => ({ type: 'publish' as const, expertId: EXPERT.id, output, creditsCharged: 10, durationSeconds: 60, now: T.now });

describe('a typed answer', () => {
  it('completes with data that matches the deployment’s output schema', () => {
    const output = { ...OUTPUT, data: { variants: ['One', 'Two', 'Three'], chosen: 2 } };
    given(typedHistory)
      .when(publish(output))
      .then([{ type: 'deployment.completed', data: { deployment_id: DEP, output, credits_charged: 10, duration_seconds: 60, completed_at: T.now } }]);
  });

  it('is refused without data, naming output.data', () => {
    expect(given(typedHistory).when(publish(OUTPUT)).thenThrows('invalid_request')).toMatchObject({ field: 'output.data' });
  });

  it('is refused with data that does not match, naming its JSON pointer', () => {
    const tooFew = given(typedHistory)
      .when(publish({ ...OUTPUT, data: { variants: ['One'], chosen: 0 } }))
      .thenThrows('invalid_request');
    expect(tooFew).toMatchObject({ field: 'output.data/variants', message: expect.stringContaining('fewer than 3 items') });
    const tooLong = given(typedHistory)
      .when(publish({ ...OUTPUT, data: { variants: ['One', 'Two', 'x'.repeat(61)], chosen: 0 } }))
      .thenThrows('invalid_request');
    expect(tooLong).toMatchObject({ field: 'output.data/variants/2' });
    const missing = given(typedHistory)
      .when(publish({ ...OUTPUT, data: { variants: ['One', 'Two', 'Three'] } }))
      .thenThrows('invalid_request');
    expect(missing).toMatchObject({ field: 'output.data/chosen' });
  });

  it('is refused on a deployment created without a schema: prose only, as before', () => {
    expect(
      given(HISTORIES.in_progress)
        .when(publish({ ...OUTPUT, data: { any: 1 } }))
        .thenThrows('invalid_request'),
    ).toMatchObject({ field: 'output.data' });
  });

  it('shows the schema on the deployment, to the agent and to the expert, and nothing new without one', () => {
    expect(toDeploymentResource(foldDeployment(typedHistory)).output_schema).toEqual(SCHEMA);
    expect(toExpertView(foldDeployment(typedHistory), EXPERT.id)?.output_schema).toEqual(SCHEMA);
    expect('output_schema' in toDeploymentResource(foldDeployment(HISTORIES.in_progress))).toBe(false);
    expect(toExpertView(foldDeployment([ev.created(), ...HISTORIES.in_progress.slice(1)]), EXPERT.id)?.output_schema).toBeNull();
  });
});
