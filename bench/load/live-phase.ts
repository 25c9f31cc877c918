import type { RunningServices } from '../../test/support/service-harness';
import { createPhase, servicePids } from './create-phase';
import type { HttpLoadClient } from './http-load-client';
import type { Partner } from './partners';
import { runScriptedExperts, type BenchExpert } from './scripted-experts';
import { settings } from './load-settings';
import { settledIdleCpu } from './settled-idle-cpu';
import { runStreamExperts } from './stream-experts';

async function expectStatus<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Live mode at `--live-rate`/s: six experts of a skill of their own (on the console's event
 * stream, or polling offers with `--live-experts poll`) take every offer, and `workspace` pays
 * with credits granted here. Its figures, and the ids it created.
 */
export async function livePhase(
  services: RunningServices,
  client: HttpLoadClient,
  workspace: Partner,
  adminKey: string,
  ownerOf: Map<string, number>,
): Promise<{ figures: Record<string, unknown>; ids: string[] }> {
  const skill = `bench-${Date.now().toString(36)}`;
  await expectStatus(
    client.request('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, {
      key: adminKey,
      body: { credits: 100_000_000, reference: `bench-${skill}`, note: 'bench' },
    }),
    'credits',
  );
  const experts: BenchExpert[] = [];
  for (let index = 0; index < 6; index++) {
    const body = {
      name: `Bench expert ${index + 1}`,
      role: 'Copywriter',
      skills: [skill],
      tenure_years: 5,
      median_turnaround_minutes: 20,
      rate_credits_per_hour: 60,
      availability: 'online',
    };
    const created = await expectStatus(
      client.request<{ expert: { id: string }; credential: string }>('POST', '/admin/v1/experts', { key: adminKey, body }),
      'expert',
    );
    experts.push({ id: created.expert.id, credential: created.credential });
  }
  const scripted = settings.liveExperts === 'poll' ? runScriptedExperts(client, experts) : await runStreamExperts(services.baseUrl, client, experts);
  // What the stack burns with the experts connected and no work: at 5/s each ms/s of it is 0.2 ms a deployment.
  const liveIdle = await settledIdleCpu(() => servicePids(services));
  const live = await createPhase(
    services,
    () => ({ client: workspace.client, key: workspace.liveKey, partner: 0 }),
    settings.liveRate,
    settings.liveSeconds,
    (index) => ({ brief: `Live benchmark brief ${index}: write a tagline.`, skills: [skill] }),
    ownerOf,
  );
  await scripted.stop();
  const { ids: _liveIds, held: _held, ...liveFigures } = live;
  const note =
    settings.liveExperts === 'poll'
      ? 'includes the experts polling /expert/v1/offers every 200 ms'
      : 'includes the experts holding /expert/v1/events streams (console presence)';
  const figures = {
    ...liveFigures,
    idle_cpu_ms_per_second_before: liveIdle.perSecond,
    experts: settings.liveExperts,
    expert_actions: scripted.actions(),
    note,
  };
  return { figures, ids: live.ids };
}
