import type { RecordedEvent } from '@eh/event-store';
import { TestModeDeployments } from './test-mode-deployments';

const event = (streamName: string, type: string, data: unknown = {}): RecordedEvent =>
  ({
    id: `evt_${streamName}_${type}`,
    type,
    data,
    streamName,
    streamRevision: 0,
    metadata: {},
    checkpoint: '0',
    recordedAt: '2030-01-01T00:00:00.000Z',
  }) as unknown as RecordedEvent;

describe('TestModeDeployments', () => {
  it('knows a deployment created in test mode, and nothing else', () => {
    const known = new TestModeDeployments();
    known.learn(event('deployment-a', 'deployment.created', { mode: 'test' }));
    known.learn(event('deployment-b', 'deployment.created', { mode: 'live' }));
    known.learn(event('deployment-c', 'deployment.completed', { mode: 'test' }));
    expect(known.has(event('deployment-a', 'deployment.completed'))).toBe(true);
    expect(known.has(event('deployment-b', 'deployment.completed'))).toBe(false);
    expect(known.has(event('deployment-c', 'deployment.completed'))).toBe(false);
    expect(known.has(event('deployment-unseen', 'deployment.cancelled'))).toBe(false);
  });

  it('forgets the least recently learned past its capacity', () => {
    const known = new TestModeDeployments(2);
    for (const name of ['deployment-1', 'deployment-2', 'deployment-3']) known.learn(event(name, 'deployment.created', { mode: 'test' }));
    expect(['deployment-1', 'deployment-2', 'deployment-3'].map((name) => known.has(event(name, 'deployment.completed')))).toEqual([false, true, true]);
  });
});
