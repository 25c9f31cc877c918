import type { LiveWork } from './deployment-plans';
import { between, poll, sleep } from './script-timing';
import type { SoakClient } from './soak-client';
import type { SoakExpert } from './soak-setup';

/** What an expert's script needs of the soak: its client, the reply window, and a count of every action. */
export interface ExpertWorkContext {
  client: SoakClient;
  replyWindowSeconds: number;
  countAction(): void;
}

interface Deployment {
  id: string;
  status: string;
}

/** One expert's answer to one offer, and the work after it as the deployment's plan says: accept, start, ask, cancel, publish. */
export async function expertWork(context: ExpertWorkContext, expert: SoakExpert, id: string, reaction: 'accept' | 'decline', work: LiveWork): Promise<void> {
  const act = async (action: string, body: unknown = {}): Promise<number> => {
    context.countAction();
    return (await context.client.call('POST', `/expert/v1/deployments/${id}/${action}`, { key: expert.credential, body })).status;
  };
  if (reaction === 'decline') {
    await act('decline', { reason: 'soak: booked' });
    return;
  }
  await sleep(between(100, 1_500));
  // 409 after a retried accept whose first attempt went through is also "accepted": the state decides.
  await act('accept');
  const view = async (): Promise<Deployment | undefined> => {
    const answer = await context.client.call<Deployment & { relation: string }>('GET', `/expert/v1/deployments/${id}`, {
      key: expert.credential,
      deadlineMs: 30_000,
    });
    return answer.status === 200 ? answer.body : undefined;
  };
  const mine = await view();
  if (!mine || mine.status !== 'accepted') return;
  if (work === 'agent_cancel_accepted') return;
  await sleep(between(200, 1_000));
  await act('start');
  if (work === 'expert_cancel') {
    await sleep(between(200, 1_500));
    await act('cancel', { reason: 'soak: conflict of interest', partial_body: 'A first draft.' });
    return;
  }
  if (work === 'ask_reply' || work === 'ask_expire') {
    await act('ask', { question: 'Which audience first?' });
    if (work === 'ask_expire') return;
    const answered = await poll(
      async () => {
        const current = await view();
        return current && current.status !== 'needs_input' ? current : undefined;
      },
      context.replyWindowSeconds * 1000 + 30_000,
    );
    if (answered?.status !== 'in_progress') return;
  }
  await sleep(between(300, 2_000));
  // Sometimes above the 30 credits held: the ledger bills at most what was reserved.
  await act('publish', {
    body: `# Tagline\n\nDawn, baked. (${id})`,
    duration_seconds: Math.floor(between(60, 3_600)),
    credits_charged: Math.floor(between(0, 45)),
  });
}
