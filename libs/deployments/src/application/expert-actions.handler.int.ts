/**
 * An expert's action reads the deployment's stream once: the same read names the workspace its
 * events belong to and takes the first decision, and the append still expects that revision.
 */
import { deploymentStreamName } from '@eh/contracts';
import { FollowedStreams, loadAggregate, type EventStore } from '@eh/event-store';
import { countingReads, postgresStorePerSuite } from '@eh/event-store/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { DeploymentHistory, HAND_EXPERT } from '../../../../test/support/deployment-history';
import { deploymentDecider } from '../domain/deployment.decider';
import { findExpertDraft, saveExpertDraft } from '../adapters/expert-draft.store';
import { actAsExpert, type ExpertScope } from './expert-actions.handler';

describe('actAsExpert against the real store', () => {
  const env = postgresStorePerSuite(allMigrations, { inlineProjections });
  let reads = 0;
  let counted: EventStore;
  const scope = (expert = HAND_EXPERT): ExpertScope => ({ expert, requestId: 'req_expert_action', now: new Date(), replyWindowSeconds: 3600 });

  /** A live deployment accepted by HAND_EXPERT, in the workspace ws_expert_action. */
  const acceptedDeployment = async (): Promise<string> => {
    const history = new DeploymentHistory(env.db.pool);
    const deploymentId = await history.appendLive('ws_expert_action', 'accepted');
    await history.close();
    return deploymentId;
  };

  beforeAll(() => {
    counted = countingReads(env.store, () => (reads += 1));
  });

  beforeEach(() => {
    reads = 0;
  });

  it('starts an accepted deployment with one read, its event in the deployment’s workspace', async () => {
    const deploymentId = await acceptedDeployment();
    reads = 0;
    const view = await actAsExpert(counted, scope(), deploymentId, { type: 'start' });
    expect(view.status).toBe('in_progress');
    expect(reads).toBe(1);
    const events = await env.store.read(deploymentStreamName(deploymentId));
    expect(events.at(-1)?.type).toBe('deployment.in_progress');
    expect(events.at(-1)?.metadata.workspace_id).toBe('ws_expert_action');
  });

  it('answers 404 to an expert the deployment was never offered to, and appends nothing', async () => {
    const deploymentId = await acceptedDeployment();
    const before = (await env.store.read(deploymentStreamName(deploymentId))).length;
    const stranger = { id: 'spec_01JSTRANGER000000000000000', name: 'Stranger', role: 'Copywriter' };
    await expect(actAsExpert(counted, scope(stranger), deploymentId, { type: 'start' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await env.store.read(deploymentStreamName(deploymentId))).length).toBe(before);
  });

  it('answers 404 for a deployment that does not exist', async () => {
    await expect(actAsExpert(counted, scope(), 'dep_01JNOSUCHDEPLOYMENT00000000', { type: 'accept' })).rejects.toMatchObject({ code: 'not_found' });
  });
  it('publishing drops the deployment’s draft with its append, and leaves other deployments’ drafts alone', async () => {
    const published = await acceptedDeployment();
    const other = await acceptedDeployment();
    await actAsExpert(env.store, scope(), published, { type: 'start' });
    const draft = { body: 'almost there', attachment_ids: [], duration_seconds: 60, credits_charged: 5 };
    for (const deploymentId of [published, other]) await saveExpertDraft(env.db.pool, { deploymentId, expertId: HAND_EXPERT.id }, draft, new Date());
    const output = { format: 'markdown' as const, body: 'done', attachments: [] };
    const view = await actAsExpert(env.store, scope(), published, { type: 'publish', output, durationSeconds: 60, creditsCharged: 5 });
    expect(view.status).toBe('completed');
    expect((await findExpertDraft(env.db.pool, { deploymentId: published, expertId: HAND_EXPERT.id })).updated_at).toBeNull();
    expect((await findExpertDraft(env.db.pool, { deploymentId: other, expertId: HAND_EXPERT.id })).body).toBe('almost there');
  });

  describe('on the folds a gateway keeps of what it heard', () => {
    const folds = () => new FollowedStreams(deploymentDecider, 10);

    it('decides on a current fold without a read, and remembers its own append there', async () => {
      const deploymentId = await acceptedDeployment();
      const stream = deploymentStreamName(deploymentId);
      const heard = folds();
      heard.set(stream, await loadAggregate(env.store, stream, deploymentDecider));
      reads = 0;
      expect((await actAsExpert(counted, scope(), deploymentId, { type: 'start' }, heard)).status).toBe('in_progress');
      expect(reads).toBe(0);
      expect(heard.get(stream)?.state.status).toBe('in_progress');
    });

    it('decides a refusal on a fold behind the store again on a read', async () => {
      const deploymentId = await acceptedDeployment();
      const stream = deploymentStreamName(deploymentId);
      const heard = folds();
      // Heard only the creation: on that, this expert has nothing to start.
      heard.set(stream, await loadAggregate(env.store, stream, { ...deploymentDecider, to: 0 }));
      reads = 0;
      expect((await actAsExpert(counted, scope(), deploymentId, { type: 'start' }, heard)).status).toBe('in_progress');
      expect(reads).toBe(1);
    });
  });
});
