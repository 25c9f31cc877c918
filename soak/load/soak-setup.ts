import type { SoakClient } from './soak-client';
import type { ReceiverBehavior, WebhookReceivers } from './webhook-receivers';

export interface SoakWorkspace {
  id: string;
  name: string;
  keys: { test: string; live: string };
  behavior: ReceiverBehavior;
  /** Few credits: live creates run into 402 `credits_exhausted` now and then. */
  tight: boolean;
}

export interface SoakExpert {
  id: string;
  credential: string;
}

export interface SoakWorld {
  runId: string;
  /** The skill only this run's experts cover, so live deployments are offered to them alone. */
  skill: string;
  workspaces: SoakWorkspace[];
  experts: SoakExpert[];
}

const BEHAVIORS: { behavior: ReceiverBehavior; tight: boolean }[] = [
  { behavior: 'ok', tight: false },
  { behavior: 'flaky', tight: false },
  { behavior: 'outage', tight: false },
  { behavior: 'flaky', tight: false },
  { behavior: 'ok', tight: true },
];

/** Turnarounds and rates of the run's experts: each estimate ⌈rate × turnaround / 60⌉ is 30 credits. */
const EXPERTS = [
  { turnaround: 20, rate: 90 },
  { turnaround: 30, rate: 60 },
  { turnaround: 45, rate: 40 },
  { turnaround: 60, rate: 30 },
];

async function expect201<T>(what: string, answer: Promise<{ status: number; body: T }>, ok = [200, 201]): Promise<T> {
  const { status, body } = await answer;
  if (!ok.includes(status)) throw new Error(`soak setup: ${what} answered ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Workspaces with test and live keys, credits and a webhook endpoint on the soak's receivers,
 * and experts for live work, all through the admin API as operations would set them up.
 */
export async function setUpWorld(client: SoakClient, adminKey: string, receivers: WebhookReceivers, runId: string): Promise<SoakWorld> {
  const skill = `soak-${runId}`;
  const experts: SoakExpert[] = [];
  for (const [index, profile] of EXPERTS.entries()) {
    const body = {
      name: `Soak expert ${index + 1}`,
      role: 'Copywriter',
      skills: [skill, 'copywriting'],
      tenure_years: 3 + index,
      median_turnaround_minutes: profile.turnaround,
      rate_credits_per_hour: profile.rate,
      availability: 'online',
    };
    const created = await expect201(
      'expert',
      client.call<{ expert: { id: string }; credential: string }>('POST', '/admin/v1/experts', { key: adminKey, body }),
    );
    experts.push({ id: created.expert.id, credential: created.credential });
  }
  const workspaces: SoakWorkspace[] = [];
  for (const [index, { behavior, tight }] of BEHAVIORS.entries()) {
    const name = `soak ${runId} ${index + 1} (${behavior}${tight ? ', tight' : ''})`;
    const created = await expect201(
      'workspace',
      client.call<{ id: string; keys: { test: string; live: string } }>('POST', '/admin/v1/workspaces', { key: adminKey, body: { name } }),
    );
    const endpoint = await expect201(
      'webhook endpoint',
      client.call<{ secret: string | null }>('PUT', `/admin/v1/workspaces/${created.id}/webhook-endpoint`, {
        key: adminKey,
        body: { url: receivers.url(behavior, created.id) },
      }),
    );
    if (endpoint.secret) receivers.trust(created.id, endpoint.secret);
    // A tight workspace holds three to ten live deployments at once; the others never run out.
    const credits = tight ? 300 : 10_000_000;
    await expect201(
      'credits',
      client.call('POST', `/admin/v1/workspaces/${created.id}/account/credits`, {
        key: adminKey,
        body: { credits, reference: `soak-${runId}-grant`, note: 'soak' },
      }),
    );
    workspaces.push({ id: created.id, name, keys: created.keys, behavior, tight });
  }
  return { runId, skill, workspaces, experts };
}
