/**
 * A2A with a test key, driven by the SDK's own client (discovered from the agent card): the
 * synthetic expert completes, asks or stays accepted as the message's `metadata.test_script` says.
 */
import { TaskState, type Part } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { waitUntil } from '@eh/platform/testing';
import { verifyWebhook } from '@eh/webhook-signature';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Workspace } from '../routing/support/routing-e2e';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';
import {
  TAGLINE_SCHEMA,
  briefMessage,
  discoverClient,
  drain,
  rawCall,
  replyMessage,
  stateName,
  summary,
  taskOf,
  waitForState,
  withKey,
} from './support/a2a-e2e';
import { startWithWorkspace } from '../support/workspace';

describe('A2A in test mode', () => {
  let services: RunningServices;
  let workspace: Workspace;
  let client: Client;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(
      startServices({ ...FAST_CLOCKS, HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }),
      'a2a-test',
    ));
    await new RouterE2e(services).addExpert(['copywriting', 'brand-strategy'], 30);
    receiver = await WebhookReceiver.start();
    client = await discoverClient(services.baseUrl);
  });

  afterAll(async () => {
    await receiver?.close();
    await services?.stop();
  });

  const key = () => withKey(workspace.keys.test);

  it('discovery: the card names the JSON-RPC endpoint, streaming and push, the bearer scheme and the roster’s skills', async () => {
    const card = await client.getAgentCard();
    expect(card.supportedInterfaces.map((i) => [i.url, i.protocolBinding, i.protocolVersion])).toEqual([
      [`${services.baseUrl}/a2a/v1`, 'JSONRPC', '1.0'],
      [`${services.baseUrl}/a2a/v1`, 'JSONRPC', '0.3'],
    ]);
    expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: true });
    expect(card.securitySchemes.bearer?.scheme).toMatchObject({ $case: 'httpAuthSecurityScheme', value: { scheme: 'bearer' } });
    expect(card.skills.map((skill) => skill.id)).toEqual(['brand-strategy', 'copywriting']);
    // Without A2A-Version, the 0.3 card: the endpoint as `url`.
    const legacy = (await (await fetch(`${services.baseUrl}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    expect(legacy).toMatchObject({
      protocolVersion: '0.3.0',
      url: `${services.baseUrl}/a2a/v1`,
      capabilities: { streaming: true, pushNotifications: true },
      security: [{ bearer: [] }],
    });
  });

  it('send: a task that is the deployment, completed by the synthetic expert, its output an artifact; the messageId is the idempotency key', async () => {
    const message = briefMessage('Write a tagline for a bakery.', { skills: ['copywriting'], metadata: { order: 'A-1' } });
    const sent = taskOf(await client.sendMessage(message, key()));
    expect(sent.id).toMatch(/^dep_/);
    expect(sent.history[0]?.parts[0]?.content).toEqual({ $case: 'text', value: 'Write a tagline for a bakery.' });
    const again = taskOf(await client.sendMessage(message, key()));
    expect(again.id).toBe(sent.id);
    await expect(
      client.sendMessage(briefMessage('Another brief.', { skills: ['copywriting'] }, { messageId: message.message?.messageId }), key()),
    ).rejects.toThrow(/messageId was already used/);

    const done = await waitForState(client, key(), sent.id, TaskState.TASK_STATE_COMPLETED);
    expect(done.artifacts).toHaveLength(1);
    expect(done.artifacts[0].parts[0]).toMatchObject({
      content: { $case: 'text', value: expect.stringContaining('Write a tagline for a bakery') },
      mediaType: 'text/markdown',
    });
    const rest = await fetch(`${services.baseUrl}/v1/deployments/${sent.id}`, { headers: { authorization: `Bearer ${workspace.keys.test}` } });
    expect(await rest.json()).toMatchObject({ id: sent.id, status: 'completed', metadata: { order: 'A-1' } });
  });

  it('stream: submitted … input-required; the reply on the task; resubscribe until completed with the typed answer as a data part', async () => {
    const stream = client.sendMessageStream(
      briefMessage('Write a tagline for a bakery.', {
        skills: ['copywriting'],
        output_schema: TAGLINE_SCHEMA,
        metadata: { test_script: 'ask_question', test_question: 'Formal or playful?' },
      }),
      key(),
    );
    const events = await drain(stream);
    // Submitted as a rule; under load the synthetic expert may have accepted, even asked, before the first read.
    expect(summary(events)[0]).toMatch(/^task:(submitted|working|input_required)$/);
    // A first read that already finds the question is the whole stream: that one task event.
    expect(['status:input_required', 'task:input_required']).toContain(summary(events).at(-1));
    const last = events.at(-1)?.payload;
    const status = last?.$case === 'statusUpdate' || last?.$case === 'task' ? last.value.status : undefined;
    const taskId = last?.$case === 'statusUpdate' ? last.value.taskId : last?.$case === 'task' ? last.value.id : '';
    expect(status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: 'Formal or playful?' });

    const replied = taskOf(await client.sendMessage(replyMessage(taskId, 'Playful.'), key()));
    expect(replied.id).toBe(taskId);
    expect(replied.history.map((m) => m.parts[0]?.content)).toEqual([
      { $case: 'text', value: 'Write a tagline for a bakery.' },
      { $case: 'text', value: 'Formal or playful?' },
      { $case: 'text', value: 'Playful.' },
    ]);

    const resumed = await drain(client.resubscribeTask({ tenant: '', id: taskId }, key()));
    expect(summary(resumed).at(-1)).toBe('status:completed');
    const final = await waitForState(client, key(), taskId, TaskState.TASK_STATE_COMPLETED);
    const data = final.artifacts[0].parts.find((part: Part) => part.content?.$case === 'data');
    expect(data?.content?.$case === 'data' && data.content.value).toMatchObject({ tagline: expect.any(String) });
    // Once completed, a resubscribe shows the task and ends.
    expect(summary(await drain(client.resubscribeTask({ tenant: '', id: taskId }, key())))).toEqual(['task:completed']);
  });

  it('cancel: an accepted task is canceled; a second cancel is refused as not cancelable', async () => {
    const sent = taskOf(
      await client.sendMessage(briefMessage('Name a product.', { skills: ['copywriting'], metadata: { test_script: 'stay_accepted' } }), key()),
    );
    await waitForState(client, key(), sent.id, TaskState.TASK_STATE_WORKING);
    const cancelled = await client.cancelTask({ tenant: '', id: sent.id, metadata: { reason: 'changed my mind' } }, key());
    expect(stateName(cancelled.status?.state)).toBe('canceled');
    expect(cancelled.status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: 'Cancelled by the agent: changed my mind' });
    await expect(client.cancelTask({ tenant: '', id: sent.id, metadata: undefined }, key())).rejects.toMatchObject({ name: 'TaskNotCancelableError' });
    await expect(client.getTask({ tenant: '', id: 'dep_01JZZZZZZZZZZZZZZZZZZZZZZZ' }, key())).rejects.toMatchObject({ name: 'TaskNotFoundError' });
  });

  it('push notifications: a config is a signed webhook of that task’s events only; get, list and delete', async () => {
    const sent = taskOf(
      await client.sendMessage(briefMessage('Name a bakery.', { skills: ['copywriting'], metadata: { test_script: 'stay_accepted' } }), key()),
    );
    const other = taskOf(await client.sendMessage(briefMessage('Name a cafe.', { skills: ['copywriting'] }), key()));
    const url = receiver.url('/a2a-push');
    const created = await client.createTaskPushNotificationConfig({ tenant: '', id: '', taskId: sent.id, url, token: '', authentication: undefined }, key());
    expect(created).toMatchObject({
      taskId: sent.id,
      url,
      id: expect.stringMatching(/^we_/),
      authentication: { scheme: 'Service-Signature', credentials: expect.stringMatching(/^whsec_/) },
    });
    const secret = created.authentication?.credentials ?? '';
    expect(await client.getTaskPushNotificationConfig({ tenant: '', taskId: sent.id, id: created.id }, key())).toMatchObject({ id: created.id, url });
    expect((await client.listTaskPushNotificationConfig({ tenant: '', taskId: sent.id, pageSize: 0, pageToken: '' }, key())).configs.map((c) => c.id)).toEqual([
      created.id,
    ]);

    await client.cancelTask({ tenant: '', id: sent.id, metadata: undefined }, key());
    // The synthetic expert may accept before or after the config exists: wait for the cancellation, whatever came first.
    const webhook = await waitUntil(async () => receiver.at('/a2a-push').find((hit) => hit.event === 'deployment.cancelled'), {
      timeoutMs: 20_000,
      intervalMs: 50,
      description: 'the cancellation pushed',
    });
    expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [secret] }).valid).toBe(true);
    expect(JSON.parse(webhook.body)).toMatchObject({ type: 'deployment.cancelled', data: { object: { id: sent.id, status: 'cancelled' } } });
    await waitForState(client, key(), other.id, TaskState.TASK_STATE_COMPLETED);
    expect(receiver.at('/a2a-push').every((hit) => JSON.parse(hit.body).data.object.id === sent.id)).toBe(true);

    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: sent.id, id: created.id }, key());
    expect((await client.listTaskPushNotificationConfig({ tenant: '', taskId: sent.id, pageSize: 0, pageToken: '' }, key())).configs).toEqual([]);

    // Given with the message, the config is made before the task; its secret comes back once, in the task's metadata.
    // A test deployment without a script completes at once: every one of its updates still reaches the config.
    const inline = briefMessage('Name a bakery again.', { skills: ['copywriting'] });
    inline.configuration = {
      acceptedOutputModes: [],
      returnImmediately: true,
      taskPushNotificationConfig: { tenant: '', id: '', taskId: '', url: receiver.url('/a2a-inline'), token: '', authentication: undefined },
    };
    const withPush = taskOf(await client.sendMessage(inline, key()));
    expect(withPush.metadata?.push_notification_config).toMatchObject({
      id: expect.stringMatching(/^we_/),
      authentication: { scheme: 'Service-Signature', credentials: expect.stringMatching(/^whsec_/) },
    });
    const completed = await waitUntil(async () => receiver.at('/a2a-inline').find((hit) => hit.event === 'deployment.completed'), {
      timeoutMs: 20_000,
      intervalMs: 50,
      description: 'the completion pushed',
    });
    expect(JSON.parse(completed.body)).toMatchObject({ data: { object: { id: withPush.id, status: 'completed' } } });
    expect(receiver.at('/a2a-inline').map((hit) => hit.event)).toEqual(expect.arrayContaining(['deployment.accepted', 'deployment.completed']));
    // The same message again: the same task, the same config, its secret not shown twice.
    const again = taskOf(await client.sendMessage(inline, key()));
    expect(again.id).toBe(withPush.id);
    expect((await client.listTaskPushNotificationConfig({ tenant: '', taskId: withPush.id, pageSize: 0, pageToken: '' }, key())).configs).toHaveLength(1);
  });

  describe('bad input: JSON-RPC errors, each with our request_id', () => {
    const auth = () => ({ authorization: `Bearer ${workspace.keys.test}` });
    const requestIdOf = (data: unknown): string | undefined => (data as { request_id?: string } | undefined)?.request_id;

    it('malformed JSON is a parse error (-32700)', async () => {
      const answer = await rawCall(services.baseUrl, '{"jsonrpc": "2.0", "method": ', auth());
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      expect(requestIdOf(answer.body.error?.data)).toMatch(/^req_/);
    });

    it('a wrong jsonrpc version is an invalid request (-32600), answering the request’s id', async () => {
      const answer = await rawCall(services.baseUrl, JSON.stringify({ jsonrpc: '1.0', id: 9, method: 'tasks/get', params: { id: 'dep_x' } }), auth());
      expect(answer.body).toMatchObject({
        id: 9,
        error: { code: -32600, message: '"jsonrpc" must be exactly "2.0"', data: { request_id: expect.stringMatching(/^req_/) } },
      });
    });

    it('an unknown method is method not found (-32601), in both protocol versions', async () => {
      const legacy = await rawCall(services.baseUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/explode', params: {} }), auth());
      expect(legacy.body).toMatchObject({ id: 1, error: { code: -32601, data: { request_id: expect.stringMatching(/^req_/) } } });
      const v1 = await rawCall(services.baseUrl, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ExplodeTask', params: {} }), {
        ...auth(),
        'A2A-Version': '1.0',
      });
      expect(v1.body).toMatchObject({
        id: 2,
        error: {
          code: -32601,
          data: [expect.objectContaining({ '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: expect.stringMatching(/^req_/) })],
        },
      });
    });

    it('bad params are invalid params (-32602) naming the field; message/send in 0.3 words creates as REST does', async () => {
      const send = (parts: unknown[]) => ({
        jsonrpc: '2.0',
        id: 'a',
        method: 'message/send',
        params: { message: { kind: 'message', messageId: `m-${Math.random()}`, role: 'user', parts } },
      });
      const noSkills = await rawCall(services.baseUrl, JSON.stringify(send([{ kind: 'text', text: 'Write a tagline.' }])), auth());
      expect(noSkills.body).toMatchObject({
        id: 'a',
        error: { code: -32602, data: { code: 'invalid_request', param: 'message.parts[].data.skills', request_id: expect.stringMatching(/^req_/) } },
      });
      const badUrgency = await rawCall(
        services.baseUrl,
        JSON.stringify(
          send([
            { kind: 'text', text: 'Hi.' },
            { kind: 'data', data: { skills: ['copywriting'], urgency: 'asap' } },
          ]),
        ),
        auth(),
      );
      expect(badUrgency.body.error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('urgency must be one of'),
        data: { param: 'message.parts[1].data.urgency' },
      });
      const created = await rawCall(
        services.baseUrl,
        JSON.stringify(
          send([
            { kind: 'text', text: 'Hi there.' },
            { kind: 'data', data: { skills: ['copywriting'] } },
          ]),
        ),
        auth(),
      );
      expect(created.body.result).toMatchObject({ kind: 'task', id: expect.stringMatching(/^dep_/), status: { state: 'submitted' } });
      const paramsNotObject = await rawCall(services.baseUrl, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tasks/get', params: ['x'] }), auth());
      expect(paramsNotObject.body.error).toMatchObject({ code: -32602 });
    });

    it('a missing or unknown key is refused with 401, still in JSON-RPC’s shape', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tasks/get', params: { id: 'dep_x' } });
      const missing = await rawCall(services.baseUrl, body);
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32000, data: { code: 'authentication_failed', request_id: expect.stringMatching(/^req_/) } },
      });
      const wrong = await rawCall(services.baseUrl, body, { authorization: 'Bearer svc_test_00000000000000000000000000000000' });
      expect([wrong.status, wrong.body.error?.code]).toEqual([401, -32000]);
      await expect(client.getTask({ tenant: '', id: 'dep_x' })).rejects.toThrow(/authentication_failed|API key|Authorization/);
    });
  });
});
