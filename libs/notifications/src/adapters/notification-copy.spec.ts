import type { RecordedEvent } from '@eh/event-store';
import { NOTIFICATION_COPY_TOKEN, notificationCopy } from './notification-copy';

const event = (type: string) => ({ id: `evt_${type}`, streamName: 'deployment-dep_1', type }) as RecordedEvent;

describe('notificationCopy', () => {
  it('copies the events that may tell an expert something, and nothing else', async () => {
    const copy = notificationCopy();
    expect(copy.token).toBe(NOTIFICATION_COPY_TOKEN);
    const selector = await copy.start();
    for (const type of ['deployment.offered', 'deployment.reply_received', 'deployment.cancelled']) expect(selector.copies(event(type))).toBe(true);
    for (const type of [
      'deployment.created',
      'deployment.accepted',
      'deployment.started',
      'deployment.completed',
      'deployment.offer_expired',
      'expert.created',
    ])
      expect(selector.copies(event(type))).toBe(false);
  });
});
