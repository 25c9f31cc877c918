import type { RecordedEvent } from '@eh/event-store';
import { WebhookDestinations, type KnownEndpoint } from './webhook-destinations';

let sequence = 0;

function event(streamName: string, type: string, data: Record<string, unknown> = {}, workspace: string | null = 'ws_1'): RecordedEvent {
  sequence++;
  return {
    id: `evt_${sequence}`,
    type,
    data,
    metadata: {
      ...(workspace === null ? {} : { workspace_id: workspace }),
      correlation_id: 'req_1',
      causation_id: null,
      schema_version: 1,
      occurred_at: '2026-11-25T00:00:00.000Z',
    },
    streamName,
    streamRevision: 0,
    checkpoint: `${sequence}:1`,
    recordedAt: '2026-11-25T00:00:00.000Z',
  } as RecordedEvent;
}

const created = (id: string, mode: string, webhookUrl: string | null = null, workspace = 'ws_1') =>
  event(`deployment-${id}`, 'deployment.created', { mode, webhook_url: webhookUrl }, workspace);
const completed = (id: string, workspace = 'ws_1') => event(`deployment-${id}`, 'deployment.completed', {}, workspace);
const handoff = (workspace = 'ws_1') => event('handoff-ho_1', 'handoff.completed', {}, workspace);
const threshold = (workspace = 'ws_1') => event('account-ws_1', 'usage.threshold_reached', {}, workspace);
const adminEndpoint = (workspace = 'ws_1') =>
  event(`webhook_endpoint-${workspace}`, 'webhook_endpoint.registered', {
    workspace_id: workspace,
    endpoint_id: `we_admin_${workspace}`,
    url: 'https://a.example',
  });
const partnerEndpoint = (id: string, mode: string, workspace = 'ws_1') =>
  event(`webhook_endpoint-${id}`, 'webhook_endpoint.created', { workspace_id: workspace, endpoint_id: id, mode, url: 'https://p.example' });
const removed = (id: string, workspace = 'ws_1') => event(`webhook_endpoint-${id}`, 'webhook_endpoint.removed', { workspace_id: workspace, endpoint_id: id });

/** What the selector answers for each event, told in this order. */
const answers = (selector: WebhookDestinations, events: RecordedEvent[]): boolean[] => events.map((each) => selector.copies(each));

describe('WebhookDestinations', () => {
  it('copies nothing of a workspace without endpoints: no deployment of either mode, no handoff, no account event', () => {
    expect(
      answers(new WebhookDestinations([], 'sel'), [created('d1', 'test'), completed('d1'), created('d2', 'live'), completed('d2'), handoff(), threshold()]),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('copies every event of a deployment with a webhook_url, whatever the workspace has', () => {
    expect(answers(new WebhookDestinations([], 'sel'), [created('d1', 'test', 'https://override.example'), completed('d1')])).toEqual([true, true]);
  });

  it('copies a deployment of the mode of a partner endpoint, not one of the other mode; handoffs and account events with any endpoint', () => {
    const selector = new WebhookDestinations([], 'sel');
    expect(
      answers(selector, [
        partnerEndpoint('we_1', 'test'),
        created('d_test', 'test'),
        created('d_live', 'live'),
        completed('d_test'),
        completed('d_live'),
        handoff(),
        threshold(),
      ]),
    ).toEqual([false, true, false, true, false, true, true]);
  });

  it("copies both modes for the admin API's endpoint, which has none", () => {
    expect(answers(new WebhookDestinations([], 'sel'), [adminEndpoint(), created('d_test', 'test'), created('d_live', 'live')])).toEqual([false, true, true]);
  });

  it('decides in commit order: an event before an endpoint is registered, or after it is removed, is not copied', () => {
    const selector = new WebhookDestinations([], 'sel');
    expect(
      answers(selector, [created('d1', 'live'), partnerEndpoint('we_1', 'live'), completed('d1'), removed('we_1'), created('d2', 'live'), handoff()]),
    ).toEqual([false, false, true, false, false, false]);
  });

  it('still copies while another endpoint of the mode remains', () => {
    const selector = new WebhookDestinations([], 'sel');
    expect(
      answers(selector, [partnerEndpoint('we_1', 'live'), adminEndpoint(), removed('we_1'), created('d1', 'live'), removed('we_admin_ws_1'), completed('d1')]),
    ).toEqual([false, false, false, true, false, false]);
  });

  it("counts only the event's own workspace's endpoints", () => {
    const selector = new WebhookDestinations([{ workspace_id: 'ws_other', endpoint_id: 'we_9', mode: null }], 'sel');
    expect(answers(selector, [created('d1', 'live'), handoff(), threshold(), created('d2', 'live', null, 'ws_other')])).toEqual([false, false, false, true]);
  });

  it('starts from the endpoints stored, removed ones too, until their removal is read: it can only say yes too often', () => {
    const known: KnownEndpoint[] = [{ workspace_id: 'ws_1', endpoint_id: 'we_1', mode: 'test' }];
    const selector = new WebhookDestinations(known, 'sel');
    expect(answers(selector, [created('d1', 'test'), removed('we_1'), completed('d1')])).toEqual([true, false, false]);
  });

  it('copies what it cannot be sure of: a deployment created before it started or forgotten, an unknown mode, an event without a workspace', () => {
    const selector = new WebhookDestinations([], 'sel', 1);
    expect(answers(selector, [completed('d_before'), created('d1', 'test'), created('d2', 'test'), completed('d1'), completed('d2')])).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(answers(selector, [created('d3', 'sandbox'), completed('d3')])).toEqual([true, true]);
    expect(answers(selector, [event('handoff-ho_2', 'handoff.completed', {}, null)])).toEqual([true]);
    const withEndpointOfUnknownMode = new WebhookDestinations([], 'sel');
    expect(answers(withEndpointOfUnknownMode, [partnerEndpoint('we_1', 'sandbox'), created('d1', 'live')])).toEqual([false, true]);
  });

  it('copies nothing of the categories the fan-out does not read, endpoints included', () => {
    const selector = new WebhookDestinations([{ workspace_id: 'ws_1', endpoint_id: 'we_1', mode: null }], 'sel');
    const others = [
      event('expert-ex_1', 'expert.registered'),
      event('workspace-ws_1', 'workspace.created'),
      event('delivery-dl_1', 'delivery.scheduled'),
      adminEndpoint(),
      event('nocategory', 'odd.event'),
    ];
    expect(answers(selector, others)).toEqual([false, false, false, false, false]);
  });

  it('changes its stamp with every endpoint event, updates too, and with nothing else; another selector never has the same', () => {
    const selector = new WebhookDestinations([], 'first');
    const stamps = [selector.stamp()];
    for (const each of [
      created('d1', 'live'),
      partnerEndpoint('we_1', 'live'),
      completed('d1'),
      event('webhook_endpoint-we_1', 'webhook_endpoint.updated', { workspace_id: 'ws_1', endpoint_id: 'we_1', changes: {} }),
      handoff(),
    ]) {
      selector.copies(each);
      stamps.push(selector.stamp());
    }
    expect(stamps).toEqual(['first.0', 'first.0', 'first.1', 'first.1', 'first.2', 'first.2']);
    expect(new WebhookDestinations([], 'second').stamp()).not.toBe(stamps[0]);
  });

  it('ignores endpoint events that say nothing of where they go (updates, rotations)', () => {
    const selector = new WebhookDestinations([], 'sel');
    const updated = event('webhook_endpoint-we_1', 'webhook_endpoint.updated', { workspace_id: 'ws_1', endpoint_id: 'we_1', changes: { enabled: false } });
    expect(answers(selector, [partnerEndpoint('we_1', 'live'), updated, created('d1', 'live')])).toEqual([false, false, true]);
  });
});
