/**
 * A2A with a live key: a human expert (driven through the expert API, as their tooling does)
 * accepts, asks their question and publishes a typed answer, while the agent follows the task
 * with the SDK's own client.
 */
import { TaskState, type Part, type StreamResponse } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { waitUntil } from '@eh/platform/testing';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';
import { TAGLINE_SCHEMA, briefMessage, discoverClient, drain, replyMessage, stateName, summary, taskOf, waitForState, withKey } from './support/a2a-e2e';

describe('A2A in live mode', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let ada: Expert;
  let client: Client;

  beforeAll(async () => {
    // Offers last long enough for a loaded machine; the rest of the clocks are the router suite's.
    ({ services, e2e, workspace } = await startRouterSuite(
      startServices({ ...FAST_CLOCKS, OFFER_TIMEOUT_SECONDS: '20', REPLY_WINDOW_SECONDS: '30', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }),
      'a2a-live',
    ));
    ada = await e2e.addExpert(['a2a-live'], 30);
    client = await discoverClient(services.baseUrl);
  });

  afterAll(async () => {
    await services?.stop();
  });

  const key = () => withKey(workspace.keys.live);
  const act = async (id: string, action: string, body?: unknown) => {
    const answer = await e2e.asExpert(ada, 'POST', `/deployments/${id}/${action}`, body);
    if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };

  it('stream → the expert accepts and asks → input-required; the reply; resubscribe → the expert publishes → completed with markdown and data', async () => {
    const stream = client.sendMessageStream(
      briefMessage('Write a tagline for a bakery in Lyon.', { skills: ['a2a-live'], output_schema: TAGLINE_SCHEMA, urgency: 'priority' }),
      key(),
    );
    const iterator = stream[Symbol.asyncIterator]();
    const first = (await iterator.next()).value as StreamResponse;
    expect(first.payload?.$case).toBe('task');
    const taskId = first.payload?.$case === 'task' ? first.payload.value.id : '';
    expect(stateName(first.payload?.$case === 'task' ? first.payload.value.status?.state : undefined)).toBe('submitted');

    expect((await e2e.waitForOffer(taskId, 1)).expertId).toBe(ada.id);
    await act(taskId, 'accept');
    await act(taskId, 'start');
    await act(taskId, 'ask', { question: 'Which neighbourhood?' });
    const rest: StreamResponse[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(next.value);
    expect(summary(rest).at(-1)).toBe('status:input_required');
    expect(
      summary(rest)
        .slice(0, -1)
        .every((event) => event === 'status:working'),
    ).toBe(true);

    const replied = taskOf(await client.sendMessage(replyMessage(taskId, 'Croix-Rousse.'), key()));
    expect(stateName(replied.status?.state)).toBe('working');

    const resumed = drain(client.resubscribeTask({ tenant: '', id: taskId }, key()));
    // The expert publishes once the resubscription has shown the task.
    await waitForState(client, key(), taskId, TaskState.TASK_STATE_WORKING);
    await act(taskId, 'publish', { body: '# Le pain de la colline', duration_seconds: 900, credits_charged: 20, data: { tagline: 'Le pain de la colline' } });
    const events = await resumed;
    expect(summary(events).slice(-2)).toEqual(['artifact:output', 'status:completed']);

    const done = await client.getTask({ tenant: '', id: taskId }, key());
    const parts = done.artifacts[0].parts;
    expect(parts.map((part: Part) => part.content?.$case)).toEqual(['text', 'data']);
    expect(parts[0]).toMatchObject({ content: { value: '# Le pain de la colline' }, mediaType: 'text/markdown' });
    expect(parts[1].content?.$case === 'data' && parts[1].content.value).toEqual({ tagline: 'Le pain de la colline' });
    expect(done.metadata).toMatchObject({ deployment_status: 'completed', credits_charged: 20, duration_seconds: 900, expert: { id: ada.id } });
    expect(done.history.map((m) => m.parts[0]?.content)).toEqual([
      { $case: 'text', value: 'Write a tagline for a bakery in Lyon.' },
      { $case: 'text', value: 'Which neighbourhood?' },
      { $case: 'text', value: 'Croix-Rousse.' },
    ]);
  });

  it('cancel before anyone accepted: canceled, and the hold on credits released', async () => {
    const sent = taskOf(await client.sendMessage(briefMessage('Name a wine bar.', { skills: ['a2a-live'] }), key()));
    expect(stateName(sent.status?.state)).toBe('submitted');
    const cancelled = await client.cancelTask({ tenant: '', id: sent.id, metadata: undefined }, key());
    expect(stateName(cancelled.status?.state)).toBe('canceled');
    const rest = (await (
      await fetch(`${services.baseUrl}/v1/deployments/${sent.id}`, { headers: { authorization: `Bearer ${workspace.keys.live}` } })
    ).json()) as Record<string, unknown>;
    expect(rest).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'agent' } });
    // The ledger releases the hold as it does for a REST cancel (the earlier task completed and settled).
    await waitUntil(
      async () => {
        const usage = (await (await fetch(`${services.baseUrl}/v1/usage`, { headers: { authorization: `Bearer ${workspace.keys.live}` } })).json()) as {
          credits_reserved: number;
        };
        return usage.credits_reserved === 0 ? true : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100, description: 'the hold released' },
    );
  });

  it('a task of the live key is not found with the test key', async () => {
    const sent = taskOf(await client.sendMessage(briefMessage('Name a bistro.', { skills: ['a2a-live'] }), key()));
    await expect(client.getTask({ tenant: '', id: sent.id }, withKey(workspace.keys.test))).rejects.toMatchObject({ name: 'TaskNotFoundError' });
  });
});
