import type { SealedSecret, WebhookEndpointEvent } from '@eh/contracts';
import { deciderScript } from '@eh/contracts/testing';
import {
  activeSecrets as storedActiveSecrets,
  decideWebhookEndpoint,
  foldWebhookEndpoint,
  type WebhookEndpointCommand,
  type WebhookEndpointState,
} from './webhook-endpoint.decider';

const WS = 'ws_01JBBBBBBBBBBBBBBBBBBBBBBB';
const WE = 'we_01JCCCCCCCCCCCCCCCCCCCCCCC';
const T = (seconds: number): string => new Date(Date.UTC(2030, 0, 1) + seconds * 1000).toISOString();
/** A stand-in for a sealed secret: the decider never looks inside one. */
const sealed = (name: string): SealedSecret => ({ kid: 'k1', iv: 'iv', tag: 'tag', ct: name });
const register = (url = 'https://a.example.com/hook', secret = 'whsec_one', now = T(0), endpointId = WE): WebhookEndpointCommand => ({
  type: 'register',
  workspace_id: WS,
  endpoint_id: endpointId,
  url,
  secret: sealed(secret),
  now,
});
const rotate = (secret: string, now: string, overlap = 3600): WebhookEndpointCommand => ({
  type: 'rotate_secret',
  secret: sealed(secret),
  overlap_seconds: overlap,
  now,
});
/** The active secrets by name, newest first. */
const activeSecrets = (state: WebhookEndpointState, now: string): string[] =>
  storedActiveSecrets(state, now).map((secret) => ('sealed' in secret ? secret.sealed.ct : `plaintext:${secret.plaintext}`));

const { run, refused } = deciderScript(decideWebhookEndpoint, foldWebhookEndpoint);

describe('webhook endpoint decider', () => {
  it('registers an endpoint with its first secret, which signs from then on', () => {
    const events = run([register()]);
    expect(events).toEqual([
      {
        type: 'webhook_endpoint.registered',
        data: { workspace_id: WS, endpoint_id: WE, url: 'https://a.example.com/hook', sealed_secret: sealed('whsec_one'), registered_at: T(0) },
      },
    ]);
    expect(activeSecrets(foldWebhookEndpoint(events), T(1))).toEqual(['whsec_one']);
  });

  it('replaces the URL and keeps the endpoint and its secret; the same URL again changes nothing', () => {
    const events = run([register(), register('https://b.example.com/hook', 'whsec_ignored', T(5)), register('https://b.example.com/hook', 'whsec_x', T(6))]);
    expect(events.map((e) => e.type)).toEqual(['webhook_endpoint.registered', 'webhook_endpoint.url_changed']);
    const state = foldWebhookEndpoint(events);
    expect(state).toMatchObject({ status: 'registered', endpoint_id: WE, url: 'https://b.example.com/hook' });
    expect(activeSecrets(state, T(7))).toEqual(['whsec_one']);
  });

  it('rotation signs with both secrets, newest first, until the overlap ends', () => {
    const events = run([register(), rotate('whsec_two', T(100), 3600)]);
    expect(events[1]).toEqual({
      type: 'webhook_endpoint.secret_rotated',
      data: { workspace_id: WS, endpoint_id: WE, sealed_secret: sealed('whsec_two'), previous_secret_expires_at: T(3700), rotated_at: T(100) },
    });
    const state = foldWebhookEndpoint(events);
    expect(activeSecrets(state, T(3699))).toEqual(['whsec_two', 'whsec_one']);
    expect(activeSecrets(state, T(3700))).toEqual(['whsec_two']);
  });

  it('a second rotation within the overlap keeps every secret still inside its own overlap', () => {
    const state = foldWebhookEndpoint(run([register(), rotate('whsec_two', T(100), 1000), rotate('whsec_three', T(200), 50)]));
    expect(activeSecrets(state, T(240))).toEqual(['whsec_three', 'whsec_two', 'whsec_one']);
    expect(activeSecrets(state, T(260))).toEqual(['whsec_three', 'whsec_one']);
    expect(activeSecrets(state, T(1100))).toEqual(['whsec_three']);
  });

  it('an overlap of zero retires the old secret at once', () => {
    expect(activeSecrets(foldWebhookEndpoint(run([register(), rotate('whsec_two', T(10), 0)])), T(10))).toEqual(['whsec_two']);
  });

  it('removal stops all signing; registering again starts a new endpoint', () => {
    const removed = run([register(), { type: 'remove', now: T(9) }]);
    expect(foldWebhookEndpoint(removed)).toEqual({ status: 'removed', workspace_id: WS, endpoint_id: WE, mode: null, removed_at: T(9) });
    expect(activeSecrets(foldWebhookEndpoint(removed), T(10))).toEqual([]);
    const again = run([register(), { type: 'remove', now: T(9) }, register('https://c.example.com', 'whsec_new', T(20), 'we_2')]);
    expect(foldWebhookEndpoint(again)).toMatchObject({ status: 'registered', endpoint_id: 'we_2', url: 'https://c.example.com' });
    expect(activeSecrets(foldWebhookEndpoint(again), T(21))).toEqual(['whsec_new']);
  });

  it.each([
    ['rotate without an endpoint', [], rotate('s', T(1)), 'not_found'],
    ['remove without an endpoint', [], { type: 'remove', now: T(1) } as WebhookEndpointCommand, 'not_found'],
    ['rotate after removal', [register(), { type: 'remove', now: T(1) } as WebhookEndpointCommand], rotate('s', T(2)), 'not_found'],
    [
      'remove twice',
      [register(), { type: 'remove', now: T(1) } as WebhookEndpointCommand],
      { type: 'remove', now: T(2) } as WebhookEndpointCommand,
      'not_found',
    ],
    ['a negative overlap', [register()], rotate('s', T(1), -1), 'invalid_request'],
  ] as [string, WebhookEndpointCommand[], WebhookEndpointCommand, string][])('refuses %s', (_name, history, command, code) => {
    expect(refused(history, command)).toBe(code);
  });

  it('still folds events written before secrets were sealed (plaintext `secret`), beside sealed ones', () => {
    const legacy: WebhookEndpointEvent[] = [
      {
        type: 'webhook_endpoint.registered',
        data: { workspace_id: WS, endpoint_id: WE, url: 'https://a.example.com/hook', secret: 'whsec_old', registered_at: T(0) },
      },
      {
        type: 'webhook_endpoint.secret_rotated',
        data: { workspace_id: WS, endpoint_id: WE, secret: 'whsec_older_rotation', previous_secret_expires_at: T(500), rotated_at: T(10) },
      },
    ];
    const state = foldWebhookEndpoint(legacy);
    expect(activeSecrets(state, T(20))).toEqual(['plaintext:whsec_older_rotation', 'plaintext:whsec_old']);
    const rotated = [...legacy, ...decideWebhookEndpoint(rotate('whsec_new', T(30), 1000), state)];
    expect(rotated.at(-1)?.data).toMatchObject({ sealed_secret: sealed('whsec_new') });
    expect(rotated.at(-1)?.data).not.toHaveProperty('secret');
    expect(activeSecrets(foldWebhookEndpoint(rotated), T(40))).toEqual(['whsec_new', 'plaintext:whsec_older_rotation', 'plaintext:whsec_old']);
  });

  it('keeps at most five secrets, so a rotation loop cannot grow the state without end', () => {
    const commands = [register(), ...Array.from({ length: 8 }, (_, i) => rotate(`whsec_${i}`, T(i + 1), 10_000))];
    expect((foldWebhookEndpoint(run(commands)) as { secrets: unknown[] }).secrets).toHaveLength(5);
  });
});

describe("webhook endpoint decider: a partner's endpoints", () => {
  const ACTOR = { kind: 'member' as const, id: 'mem_1', label: 'a@example.com' };
  /** The endpoint these tests create: the command carries it, and the created event records it as it is. */
  const ENDPOINT = {
    workspace_id: WS,
    endpoint_id: WE,
    mode: 'live' as const,
    url: 'https://a.example.com/hook',
    enabled: true,
    enabled_events: ['deployment.completed'],
    description: 'orders',
  };
  const create = (overrides: Partial<Extract<WebhookEndpointCommand, { type: 'create' }>> = {}): WebhookEndpointCommand => ({
    type: 'create',
    ...ENDPOINT,
    secret: sealed('whsec_one'),
    actor: ACTOR,
    now: T(0),
    ...overrides,
  });
  const update = (changes: Extract<WebhookEndpointCommand, { type: 'update' }>['changes'], now = T(5)): WebhookEndpointCommand => ({
    type: 'update',
    changes,
    actor: ACTOR,
    now,
  });

  it('given nothing, when created, then it exists for its mode with its event types, switch and first secret', () => {
    const events = run([create()]);
    expect(events).toEqual([
      {
        type: 'webhook_endpoint.created',
        data: {
          ...ENDPOINT,
          sealed_secret: sealed('whsec_one'),
          created_at: T(0),
          actor: ACTOR,
        },
      },
    ]);
    expect(foldWebhookEndpoint(events)).toMatchObject({ status: 'registered', mode: 'live', enabled: true, enabled_events: ['deployment.completed'] });
    expect(activeSecrets(foldWebhookEndpoint(events), T(1))).toEqual(['whsec_one']);
  });

  it('given nothing, when created for one deployment (an A2A push config), then the event and the state name it; others name none', () => {
    const events = run([create({ deployment_id: 'dep_01JDDDDDDDDDDDDDDDDDDDDDDD', enabled_events: ['*'] })]);
    expect(events[0].data).toMatchObject({ deployment_id: 'dep_01JDDDDDDDDDDDDDDDDDDDDDDD' });
    expect(foldWebhookEndpoint(events)).toMatchObject({ status: 'registered', deployment_id: 'dep_01JDDDDDDDDDDDDDDDDDDDDDDD' });
    expect('deployment_id' in run([create()])[0].data).toBe(false);
    expect(foldWebhookEndpoint(run([create()]))).toMatchObject({ deployment_id: null });
    expect(foldWebhookEndpoint(run([register()]))).toMatchObject({ deployment_id: null });
  });

  it("given the admin API's endpoint, when folded, then it covers both modes and every event", () => {
    expect(foldWebhookEndpoint(run([register()]))).toMatchObject({ mode: null, enabled: true, enabled_events: ['*'], description: '' });
  });

  it('given an endpoint, when updated, then only the fields that differ are recorded; nothing new, nothing appended', () => {
    const events = run([create(), update({ url: 'https://a.example.com/hook', enabled: false, enabled_events: ['*'] })]);
    expect(events[1]).toEqual({
      type: 'webhook_endpoint.updated',
      data: { workspace_id: WS, endpoint_id: WE, changes: { enabled: false, enabled_events: ['*'] }, updated_at: T(5), actor: ACTOR },
    });
    expect(foldWebhookEndpoint(events)).toMatchObject({ enabled: false, enabled_events: ['*'], url: 'https://a.example.com/hook', updated_at: T(5) });
    expect(run([create(), update({ description: 'orders', enabled: true })])).toHaveLength(1);
  });

  it('given an endpoint, when rotated and removed, then the actor is recorded on both', () => {
    const events = run([
      create(),
      { type: 'rotate_secret', secret: sealed('whsec_two'), overlap_seconds: 60, now: T(1), actor: ACTOR },
      { type: 'remove', now: T(2), actor: ACTOR },
    ]);
    expect(events.map((e) => (e.data as { actor?: unknown }).actor)).toEqual([ACTOR, ACTOR, ACTOR]);
    expect(foldWebhookEndpoint(events)).toEqual({ status: 'removed', workspace_id: WS, endpoint_id: WE, mode: 'live', removed_at: T(2) });
  });

  it.each([
    ['a second create', [create()], create(), 'invalid_state_transition'],
    ['a create after removal', [create(), { type: 'remove', now: T(1) } as WebhookEndpointCommand], create(), 'invalid_state_transition'],
    ['an update of nothing', [], update({ enabled: false }), 'not_found'],
    ['an update after removal', [create(), { type: 'remove', now: T(1) } as WebhookEndpointCommand], update({ enabled: false }), 'not_found'],
    ['an empty event list', [], create({ enabled_events: [] }), 'invalid_request'],
    ['an unknown event type', [], create({ enabled_events: ['deployment.created'] }), 'invalid_request'],
    ['a repeated event type', [], create({ enabled_events: ['deployment.completed', 'deployment.completed'] }), 'invalid_request'],
    ['"*" beside a type', [], create({ enabled_events: ['*', 'deployment.completed'] }), 'invalid_request'],
    ['an update to an unknown type', [create()], update({ enabled_events: ['nope'] }), 'invalid_request'],
  ] as [string, WebhookEndpointCommand[], WebhookEndpointCommand, string][])('refuses %s', (_name, history, command, code) => {
    expect(refused(history, command)).toBe(code);
  });

  it('names the offending item of enabled_events', () => {
    try {
      decideWebhookEndpoint(create({ enabled_events: ['deployment.completed', 'x'] }), foldWebhookEndpoint([]));
      throw new Error('accepted');
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_request', field: 'enabled_events[1]' });
    }
  });

  describe('disabled for failing (endpoint health)', () => {
    const disable = (now = T(10)): WebhookEndpointCommand => ({ type: 'disable_for_failures', failing_since: T(1), last_failure_at: T(9), now });
    const notified = (recipients = 1, now = T(11)): WebhookEndpointCommand => ({ type: 'record_owners_notified', recipients, now });
    const state = (commands: WebhookEndpointCommand[]) => foldWebhookEndpoint(run(commands));

    it('disables an enabled endpoint once, with the reason; the owners are recorded as told once', () => {
      const events = run([create(), disable(), disable(T(12)), notified(), notified(2, T(13))]);
      expect(events.slice(1)).toEqual([
        {
          type: 'webhook_endpoint.disabled',
          data: { workspace_id: WS, endpoint_id: WE, reason: 'failing', failing_since: T(1), last_failure_at: T(9), disabled_at: T(10) },
        },
        { type: 'webhook_endpoint.owners_notified', data: { workspace_id: WS, endpoint_id: WE, disabled_at: T(10), recipients: 1, notified_at: T(11) } },
      ]);
      expect(state([create(), disable(), notified()])).toMatchObject({
        enabled: false,
        disabled: { reason: 'failing', failing_since: T(1), disabled_at: T(10), owners_notified: true },
      });
    });

    it('leaves alone an endpoint a person turned off, one removed, and one that never existed; tells nobody of an enabled one', () => {
      expect(run([create(), update({ enabled: false }), disable()])).toHaveLength(2);
      expect(run([create({ enabled: false }), disable()])).toHaveLength(1);
      expect(run([create(), { type: 'remove', now: T(2) }, disable()])).toHaveLength(2);
      expect(run([disable()])).toEqual([]);
      expect(run([create(), notified()])).toHaveLength(1);
    });

    it('enabled again: the reason is gone and a new period starts then; turned off by a person: no reason', () => {
      const again = state([create(), disable(), update({ enabled: true }, T(20))]);
      expect(again).toMatchObject({ enabled: true, enabled_at: T(20), disabled: null });
      expect(state([create()])).toMatchObject({ enabled_at: T(0), disabled: null });
      expect(state([create(), update({ description: 'x' }, T(3))])).toMatchObject({ enabled_at: T(0) });
      expect(state([create(), disable(), update({ enabled: false }, T(21))])).toMatchObject({ enabled: false, disabled: { reason: 'failing' } });
      // Disabled again later: the owners are told of the new time.
      const twice = run([create(), disable(), notified(), update({ enabled: true }, T(20)), disable(T(30)), notified(1, T(31))]);
      expect(twice.filter((e) => e.type === 'webhook_endpoint.owners_notified')).toHaveLength(2);
    });
  });
});
