import type { RecordedEvent } from '../event-store.port';
import { FollowedStreams } from './followed-streams';

type CountEvent = { type: 'added'; data: { by: number } };
const counter = { initialState: 0, evolve: (state: number, event: CountEvent) => state + event.data.by };

const added = (stream: string, revision: number, by: number): RecordedEvent =>
  ({
    id: `evt_${stream}_${revision}`,
    type: 'added',
    data: { by },
    metadata: { workspace_id: 'ws_1', correlation_id: 'c', causation_id: null, schema_version: 1, occurred_at: '2026-11-23T00:00:00.000Z' },
    streamName: stream,
    streamRevision: revision,
    checkpoint: String(revision),
    recordedAt: '2026-11-23T00:00:00.000Z',
  }) as RecordedEvent;

describe('FollowedStreams', () => {
  it('folds a stream from its first event and each next one without a read', () => {
    const followed = new FollowedStreams<CountEvent, number>(counter);
    expect(followed.at(added('count-a', 0, 2))).toEqual({ state: 2, revision: 0 });
    expect(followed.at(added('count-a', 1, 3))).toEqual({ state: 5, revision: 1 });
  });

  it('cannot tell after a gap or for a stream it never saw begin: the caller reads', () => {
    const followed = new FollowedStreams<CountEvent, number>(counter);
    expect(followed.at(added('count-b', 4, 1))).toBeUndefined();
    followed.at(added('count-c', 0, 1));
    expect(followed.at(added('count-c', 2, 1))).toBeUndefined();
  });

  it('answers what it already holds when its own append is redelivered to it', () => {
    const followed = new FollowedStreams<CountEvent, number>(counter);
    followed.set('count-d', { state: 10, revision: 3 });
    expect(followed.at(added('count-d', 3, 99))).toEqual({ state: 10, revision: 3 });
  });

  it('keeps at most its capacity of streams', () => {
    const followed = new FollowedStreams<CountEvent, number>(counter, 1);
    followed.at(added('count-e', 0, 1));
    followed.at(added('count-f', 0, 1));
    expect(followed.get('count-e')).toBeUndefined();
    expect(followed.at(added('count-e', 1, 1))).toBeUndefined();
  });
});
