import type { CommandContext, FoldedStream, RecordedEvent } from '@eh/event-store';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import type { DeliveryState } from '../domain/delivery.state';
import type { WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import { scheduleDeliveries, type ScheduledDeliveryRef } from './schedule-deliveries.handler';

const untouched = (): never => {
  throw new Error('called where the test says nothing is');
};
/** What each test does not look at: bodies as they are, no signing secret to create, no partner endpoint, no caller waiting. */
const unused = { presentObject: <T>(object: T): T => object, ensureSigningSecret: async () => undefined, endpoints: async () => [], answered: () => undefined };

const completed: RecordedEvent = {
  id: 'evt_1',
  type: 'deployment.completed',
  data: {},
  metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  streamName: 'deployment-dep_1',
  streamRevision: 3,
  checkpoint: '3',
  recordedAt: '2030-01-01T00:00:00.000Z',
};

const subject = { object: { id: 'dep_1' }, metadata: {}, deployment_id: 'dep_1', override: null, mode: 'live' as const };
const registered = { status: 'registered', endpoint_id: 'we_admin', url: 'https://admin.example/hook' } as unknown as WebhookEndpointState;
const SCHEDULED = { state: { status: 'scheduled' }, revision: 0 } as unknown as FoldedStream<DeliveryState>;

/** Records each delivery as the test says; `posts` answers one delivery's POST. */
function recorder() {
  const posts = new Map<string, () => void>();
  const record = (command: ScheduleDelivery, _context: CommandContext, answered: () => void): Promise<ScheduledDeliveryRef> => {
    posts.set(command.data.url, answered);
    return Promise.resolve({ delivery_id: command.data.delivery_id, created: true, folded: SCHEDULED, attempted: true });
  };
  return { posts, record };
}

describe('scheduleDeliveries: `answered` once every delivery of the event has its POST answered', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it('is called once, after the last destination is answered, in whatever order they are', async () => {
    const { posts, record } = recorder();
    const told: string[] = [];
    await scheduleDeliveries(completed, new Date('2030-01-01T00:00:01.000Z'), {
      ...unused,
      subjectOf: async () => subject,
      adminEndpoint: async () => registered,
      endpoints: async () => [{ endpoint_id: 'we_partner', url: 'https://partner.example/hook' }],
      record,
      answered: () => told.push('answered'),
    });
    posts.get('https://partner.example/hook')?.();
    await flush();
    expect(told).toEqual([]);
    posts.get('https://admin.example/hook')?.();
    expect(told).toEqual(['answered']);
  });

  it('an endpoint made for one deployment (an A2A push config) takes that deployment’s events, not another’s', async () => {
    const urls = async (deploymentId: string) => {
      const { posts, record } = recorder();
      await scheduleDeliveries(completed, new Date('2030-01-01T00:00:01.000Z'), {
        ...unused,
        subjectOf: async () => ({ ...subject, deployment_id: deploymentId }),
        adminEndpoint: async () => ({ status: 'none' }) as WebhookEndpointState,
        endpoints: async () => [
          { endpoint_id: 'we_all', url: 'https://partner.example/all', deployment_id: null },
          { endpoint_id: 'we_one', url: 'https://partner.example/dep_1', deployment_id: 'dep_1' },
        ],
        record,
      });
      return [...posts.keys()].sort();
    };
    expect(await urls('dep_1')).toEqual(['https://partner.example/all', 'https://partner.example/dep_1']);
    expect(await urls('dep_2')).toEqual(['https://partner.example/all']);
  });

  it('is called at once for an event with nowhere to go', async () => {
    const told: string[] = [];
    const scheduled = await scheduleDeliveries(completed, new Date('2030-01-01T00:00:01.000Z'), {
      ...unused,
      subjectOf: async () => subject,
      adminEndpoint: async () => ({ status: 'none' }) as WebhookEndpointState,
      record: untouched,
      answered: () => told.push('answered'),
    });
    expect(scheduled).toEqual([]);
    expect(told).toEqual(['answered']);
  });

  it('is not called while a delivery goes unposted (its recorder does not answer): the caller goes on when it resolves', async () => {
    const told: string[] = [];
    await scheduleDeliveries(completed, new Date('2030-01-01T00:00:01.000Z'), {
      ...unused,
      subjectOf: async () => subject,
      adminEndpoint: async () => registered,
      record: async (command) => ({ delivery_id: command.data.delivery_id, created: true, folded: SCHEDULED }),
      answered: () => told.push('answered'),
    });
    expect(told).toEqual([]);
  });
});
