import type { StreamMessage } from './soak-evidence';
import { checkRelayPublication } from './relay-publication.check';
import { StoredEvents } from './testing/stored-events.fixture';

function published(events: StoredEvents, order: number[]): StreamMessage[] {
  return order.map((index, seq) => {
    const event = events.rows[index];
    return {
      seq: seq + 1,
      msgId: event.eventId,
      subject: `events.x`,
      eventId: event.eventId,
      streamName: event.streamName,
      revision: event.revision,
      indexInMessage: 0,
      eventsInMessage: 1,
    };
  });
}

describe('relay publication (soak check)', () => {
  const events = new StoredEvents();
  events.add('deployment-a', 'deployment.created', {});
  events.add('deployment-b', 'deployment.created', {});
  events.add('deployment-a', 'deployment.cancelled', {});

  it('passes each event once, in commit order', () => {
    expect(checkRelayPublication(events.rows, published(events, [0, 1, 2])).violations).toEqual([]);
  });

  it('finds an event published twice, one never published, one out of its stream order and out of commit order', () => {
    const details = checkRelayPublication(events.rows, published(events, [2, 0, 0])).violations.map((v) => v.detail);
    expect(details).toEqual([
      'published 2 times (again at stream sequence 3)',
      'deployment.created of deployment-b@0 never published',
      'revision 0 published after revision 1',
      `published after ${events.rows[2].eventId}, which committed later`,
    ]);
  });

  it('finds a message with another Nats-Msg-Id, and one the store does not know', () => {
    const messages = published(events, [0, 1, 2]);
    messages[1] = { ...messages[1], msgId: 'evt_other' };
    messages.push({
      seq: 4,
      msgId: 'evt_ghost',
      subject: 'events.x',
      eventId: 'evt_ghost',
      streamName: 'deployment-c',
      revision: 0,
      indexInMessage: 0,
      eventsInMessage: 1,
    });
    expect(checkRelayPublication(events.rows, messages).violations.map((v) => v.subject)).toEqual([events.rows[1].eventId, 'evt_ghost']);
  });

  it('takes a bundle named by its first event and count, and finds one named otherwise', () => {
    const paired = new StoredEvents();
    paired.add('deployment-a', 'deployment.accepted', {});
    paired.add('deployment-a', 'deployment.started', {});
    const [a, b] = paired.rows;
    const carried = (msgId: string): StreamMessage[] =>
      [a, b].map((event, indexInMessage) => ({
        seq: 1,
        msgId,
        subject: 'events.x',
        eventId: event.eventId,
        streamName: event.streamName,
        revision: event.revision,
        indexInMessage,
        eventsInMessage: 2,
      }));
    expect(checkRelayPublication(paired.rows, carried(`${a.eventId}+2`))).toMatchObject({
      violations: [],
      figures: { 'messages on the stream': 1, 'events on the stream': 2 },
    });
    expect(checkRelayPublication(paired.rows, carried(a.eventId)).violations.map((v) => v.detail)).toEqual([`message 1 carries Nats-Msg-Id ${a.eventId}`]);
  });

  it('checks the fan-out copies apart: each after its original, once, named after it', () => {
    const messages = published(events, [0, 1, 2]);
    const copyOf = (index: number, seq: number, msgId = `${messages[index].msgId}@hooks`): StreamMessage => ({
      ...messages[index],
      seq,
      msgId,
      subject: 'events.hooks.x',
    });
    const withCopies = [messages[0], copyOf(0, 1), messages[1], messages[2], copyOf(2, 3)];
    expect(checkRelayPublication(events.rows, withCopies)).toMatchObject({
      violations: [],
      figures: { 'hooks copies on the stream': 2, 'notify copies on the stream': 0, 'events on the stream': 3 },
    });
    const wrong = [copyOf(0, 0), messages[0], copyOf(0, 2), messages[1], copyOf(1, 3, 'evt_other@hooks'), messages[2]];
    const ghost = { ...copyOf(0, 9), eventId: 'evt_ghost', msgId: 'evt_ghost@hooks' };
    expect(checkRelayPublication(events.rows, [...wrong, ghost]).violations.map((v) => v.detail)).toEqual([
      'copy at stream sequence 0 before its original (1)',
      'copied twice (again at stream sequence 2)',
      'copy at stream sequence 3 carries Nats-Msg-Id evt_other@hooks',
      'copy at stream sequence 9 of an event never published',
    ]);
  });

  it('checks each token’s copies apart: an event copied for the fan-out and for notifications is copied once for each', () => {
    const messages = published(events, [0, 1, 2]);
    const copyOf = (index: number, seq: number, token: string): StreamMessage => ({ ...messages[index], seq, msgId: `${messages[index].msgId}@${token}` });
    const both = [messages[0], copyOf(0, 1, 'hooks'), copyOf(0, 2, 'notify'), messages[1], messages[2]];
    expect(checkRelayPublication(events.rows, both)).toMatchObject({
      violations: [],
      figures: { 'hooks copies on the stream': 1, 'notify copies on the stream': 1, 'events on the stream': 3 },
    });
    const twice = [messages[0], copyOf(0, 1, 'notify'), copyOf(0, 2, 'notify'), messages[1], messages[2]];
    expect(checkRelayPublication(events.rows, twice).violations.map((v) => v.detail)).toEqual(['copied twice (again at stream sequence 2)']);
  });

  it('expects a delivery’s records in the store only, and the events that ask for an attempt on the stream', () => {
    const withDeliveries = new StoredEvents();
    withDeliveries.add('deployment-a', 'deployment.created', {});
    withDeliveries.add('delivery-del_1', 'delivery.scheduled', { event_type: 'deployment.accepted' });
    withDeliveries.add('delivery-del_1', 'delivery.succeeded', {});
    withDeliveries.add('delivery-del_2', 'delivery.replay_requested', { delivery_id: 'del_2', next_attempt: 4 });
    expect(checkRelayPublication(withDeliveries.rows, published(withDeliveries, [0, 3])).violations).toEqual([]);
    const details = checkRelayPublication(withDeliveries.rows, published(withDeliveries, [0, 2])).violations.map((v) => v.detail);
    expect(details).toEqual([
      'delivery.succeeded of delivery-del_1@1 published, though kept in the store only',
      'delivery.replay_requested of delivery-del_2@0 never published',
    ]);
  });
});
