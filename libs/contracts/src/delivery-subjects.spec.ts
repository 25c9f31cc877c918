import { deliveryRecordQualifier, DELIVERY_RECORD_SUBJECT_TOKEN } from './delivery-subjects';

describe('deliveryRecordQualifier', () => {
  const qualify = deliveryRecordQualifier.qualify;

  it('leaves unqualified the events that ask for an attempt: a replay, a partner test event', () => {
    expect(qualify({ type: 'delivery.replay_requested', data: { delivery_id: 'dl_1', next_attempt: 4 } })).toBeUndefined();
    expect(qualify({ type: 'delivery.scheduled', data: { event_type: 'webhook.test' } })).toBeUndefined();
  });

  it.each(['delivery.attempted', 'delivery.succeeded', 'delivery.failed_permanently', 'delivery.retry_scheduled', 'delivery.dead_lettered'])(
    'qualifies %s as a record',
    (type) => {
      expect(qualify({ type, data: {} })).toBe(DELIVERY_RECORD_SUBJECT_TOKEN);
    },
  );

  it('qualifies the fan-out’s own schedule of a public event as a record', () => {
    expect(qualify({ type: 'delivery.scheduled', data: { event_type: 'deployment.completed' } })).toBe(DELIVERY_RECORD_SUBJECT_TOKEN);
  });

  it('is decided by each event of the delivery category', () => {
    expect(deliveryRecordQualifier).toMatchObject({ category: 'delivery', decidedBy: 'each_event' });
  });

  it.each(deliveryRecordQualifier.unpublishedTypes)('qualifies %s as a record whatever its data, so the relay reads it without its payload', (type) => {
    for (const data of [null, {}, { event_type: 'webhook.test' }]) expect(qualify({ type, data })).toBe(DELIVERY_RECORD_SUBJECT_TOKEN);
  });

  it('reads the schedules and the replays whole: whether they ask for an attempt is in their data', () => {
    expect(deliveryRecordQualifier.unpublishedTypes).not.toContain('delivery.scheduled');
    expect(deliveryRecordQualifier.unpublishedTypes).not.toContain('delivery.replay_requested');
  });

  it('keeps the records in the store only: nothing subscribes to them, so the relay publishes none', () => {
    expect(deliveryRecordQualifier.unpublished).toEqual([DELIVERY_RECORD_SUBJECT_TOKEN]);
  });
});
