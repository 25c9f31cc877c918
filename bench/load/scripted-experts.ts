import type { HttpLoadClient } from './http-load-client';

export interface BenchExpert {
  id: string;
  credential: string;
}

export interface ScriptedExperts {
  stop(): Promise<void>;
  actions: () => number;
}

/** What a scripted expert does with an offer: accept, start, publish at once. Each offer is worked once. */
export function expertWork(client: HttpLoadClient): { work(expert: BenchExpert, id: string): Promise<void>; actions: () => number } {
  let actions = 0;
  const busy = new Set<string>();
  const act = async (expert: BenchExpert, id: string, action: string, body: unknown = {}): Promise<number> => {
    actions += 1;
    return (await client.request('POST', `/expert/v1/deployments/${id}/${action}`, { key: expert.credential, body })).status;
  };
  const work = async (expert: BenchExpert, id: string): Promise<void> => {
    if (busy.has(id)) return;
    busy.add(id);
    if ((await act(expert, id, 'accept')) !== 200) return;
    if ((await act(expert, id, 'start')) !== 200) return;
    await act(expert, id, 'publish', { body: `# Done\n\nBenchmark output for ${id}.`, duration_seconds: 60, credits_charged: 10 });
  };
  return { work, actions: () => actions };
}

/**
 * Experts who take every offer they see at once: accept, start, publish. Each polls its offers
 * every `pollMs` (what the console did before live updates). They hold no event stream, so the
 * router counts them reachable only with EXPERT_REACHABILITY=off. Stops when `stop()` is called.
 */
export function runScriptedExperts(client: HttpLoadClient, experts: readonly BenchExpert[], pollMs = 200): ScriptedExperts {
  let running = true;
  const busy = new Set<string>();
  const { work, actions } = expertWork(client);
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
    actions,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
