import type { HttpLoadClient } from './http-load-client';

export interface BenchExpert {
  id: string;
  credential: string;
}

/**
 * Experts who take every offer they see at once: accept, start, publish. Each polls its offers
 * every `pollMs` (what a console open on the offers page does). Stops when `stop()` is called.
 */
export function runScriptedExperts(client: HttpLoadClient, experts: readonly BenchExpert[], pollMs = 200): { stop(): Promise<void>; actions: () => number } {
  let running = true;
  let actions = 0;
  const busy = new Set<string>();
  const act = async (expert: BenchExpert, id: string, action: string, body: unknown = {}): Promise<number> => {
    actions += 1;
    return (await client.request('POST', `/expert/v1/deployments/${id}/${action}`, { key: expert.credential, body })).status;
  };
  const work = async (expert: BenchExpert, id: string): Promise<void> => {
    if ((await act(expert, id, 'accept')) !== 200) return;
    if ((await act(expert, id, 'start')) !== 200) return;
    await act(expert, id, 'publish', { body: `# Done\n\nBenchmark output for ${id}.`, duration_seconds: 60, credits_charged: 10 });
  };
  const loop = async (expert: BenchExpert): Promise<void> => {
    while (running) {
      const offers = await client.request<{ data: { id: string }[] }>('GET', '/expert/v1/offers', { key: expert.credential }).catch(() => undefined);
      const fresh = (offers?.status === 200 ? offers.body.data : []).filter((offer) => !busy.has(offer.id));
      await Promise.all(
        fresh.map(async (offer) => {
          busy.add(offer.id);
          await work(expert, offer.id).catch(() => undefined);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
  const loops = experts.map(loop);
  return {
    actions: () => actions,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
