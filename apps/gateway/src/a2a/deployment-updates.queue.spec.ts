import type { DeploymentResource } from '@eh/deployments';
import { DeploymentUpdates } from './deployment-updates.queue';

const state = (status: DeploymentResource['status']): DeploymentResource => ({ id: 'dep_1', status }) as DeploymentResource;

describe('DeploymentUpdates', () => {
  it('hands states over in the order they came, waiting for the next one', async () => {
    const updates = new DeploymentUpdates(new AbortController().signal);
    updates.push(state('accepted'));
    expect((await updates.next())?.status).toBe('accepted');
    const waiting = updates.next();
    updates.push(state('in_progress'));
    updates.push(state('completed'));
    expect((await waiting)?.status).toBe('in_progress');
    expect((await updates.next())?.status).toBe('completed');
  });

  it('ends a waiting reader when the client goes away, and takes nothing after', async () => {
    const closed = new AbortController();
    const updates = new DeploymentUpdates(closed.signal);
    const waiting = updates.next();
    closed.abort();
    expect(await waiting).toBeNull();
    updates.push(state('completed'));
    expect(await updates.next()).toBeNull();
  });

  it('ended by the hub (a shutdown), it still hands over what came before, then null', async () => {
    const updates = new DeploymentUpdates(new AbortController().signal);
    updates.push(state('accepted'));
    updates.end();
    expect((await updates.next())?.status).toBe('accepted');
    expect(await updates.next()).toBeNull();
  });

  it('a signal already aborted ends it at once', async () => {
    const closed = new AbortController();
    closed.abort();
    expect(await new DeploymentUpdates(closed.signal).next()).toBeNull();
  });
});
