/**
 * The lapse count against a real store: an expert's fold is kept between deployment events, so
 * each one reads only what the expert's stream gained since, and decides as a full read would.
 */
import { expertStreamName, newId } from '@eh/contracts';
import { LruSnapshotCache, type EventStore, type RecordedEvent } from '@eh/event-store';
import { databaseForSuite } from '../../../../test/support/all-contexts';
import { registerExpert } from '../application/manage-roster.handler';
import type { ExpertState } from '../domain/expert.decider';
import { reactToOfferOutcome } from './offer-lapse.reactor';

const profile = { name: 'Ada Lane', role: 'Copywriter', skills: ['naming'], tenure_years: 3, median_turnaround_minutes: 30, rate_credits_per_hour: 60 };

/** A deployment event as the router's durable hands it over; only its type, data and ids matter here. */
function delivered(type: string, data: Record<string, unknown>, at: string): RecordedEvent {
  return {
    id: newId('event'),
    type,
    data,
    metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: at },
    streamName: `deployment-${String(data.deployment_id)}`,
    streamRevision: 1,
    checkpoint: '0',
    recordedAt: at,
  } as RecordedEvent;
}

describe('reactToOfferOutcome (PostgreSQL)', () => {
  const db = databaseForSuite(4);

  it('keeps the expert’s fold: a later event reads only the events appended since, and its answer clears the lapse', async () => {
    const { expert } = await registerExpert(db().store, { profile, availability: 'online' }, new Date());
    const stream = expertStreamName(expert.id);
    const reads: { stream: string; fromRevision: number | undefined }[] = [];
    const counting: EventStore = Object.create(db().store) as EventStore;
    counting.read = (name, options) => (reads.push({ stream: name, fromRevision: options?.fromRevision }), db().store.read(name, options));
    const folds = new LruSnapshotCache<ExpertState>(10);

    const lapsedAt = new Date(Date.now() + 1_000).toISOString();
    const answeredAt = new Date(Date.now() + 2_000).toISOString();
    await reactToOfferOutcome(
      counting,
      delivered('deployment.offer_expired', { deployment_id: 'dep_a', offer_number: 1, expert_id: expert.id, expired_at: lapsedAt }, lapsedAt),
      folds,
    );
    const afterLapse = (await db().store.read(stream)).length;
    await reactToOfferOutcome(counting, delivered('deployment.accepted', { deployment_id: 'dep_b', expert, accepted_at: answeredAt }, answeredAt), folds);

    expect(reads).toEqual([
      { stream, fromRevision: undefined },
      { stream, fromRevision: afterLapse },
    ]);
    const types = (await db().store.read(stream)).map((event) => event.type);
    expect(types.slice(-2)).toEqual(['expert.offer_lapsed', 'expert.lapses_cleared']);
  });
});
