import { launchBrowser } from '../test/support/browser';
import { request } from '../test/support/http';
import { startServices } from '../test/support/service-harness';
import { percentiles } from './latency';
import { printFigures, runBench } from './bench-run';

const ADMIN_API_KEY = 'svc_admin_console_bench_0123456789abcdef';
const PASSWORD = 'correct horse battery staple';

/**
 * `npm run bench:console`: how long an offer takes to appear in an expert's open console (issue
 * 12: p95 under 500 ms on loopback). Clock starts when the router appends `deployment.offered`
 * (the event's `recorded_at`) and stops when the offer's card is in the page's DOM (a
 * MutationObserver's `Date.now()`): relay → JetStream → gateway → server-sent event → refetch of
 * the offers → render. Both clocks are this machine's. BENCH_OFFERS (default 30) offers, one at a
 * time, after BENCH_WARMUP (default 2) not counted.
 */
async function main(): Promise<void> {
  const count = Number(process.env.BENCH_OFFERS ?? 30);
  const warmup = Number(process.env.BENCH_WARMUP ?? 2);
  const services = await startServices({ ADMIN_API_KEY, OFFER_TIMEOUT_SECONDS: '3600', SLA_STANDARD_SECONDS: '7200', RATE_LIMIT_PER_MINUTE: '1000000' });
  const browser = await launchBrowser();
  try {
    const admin = { authorization: `Bearer ${ADMIN_API_KEY}` };
    const workspace = await services.ops<{ keys: { live: string } }>('workspace:create', '--name', 'bench-console');
    const expert = await request<{ expert: { id: string } }>(services.baseUrl, 'POST', '/admin/v1/experts', {
      headers: admin,
      body: {
        name: 'Bench Expert',
        role: 'Copywriter',
        skills: ['bench-console'],
        tenure_years: 5,
        median_turnaround_minutes: 30,
        rate_credits_per_hour: 60,
        availability: 'online',
      },
    });
    if (expert.status !== 201) throw new Error(`add expert: ${expert.status} ${JSON.stringify(expert.body)}`);
    const invitation = await request<{ url: string }>(services.baseUrl, 'POST', `/admin/v1/experts/${expert.body.expert.id}/invitations`, {
      headers: admin,
      body: { email: 'bench@example.com' },
    });
    if (invitation.status !== 201) throw new Error(`invite: ${invitation.status} ${JSON.stringify(invitation.body)}`);

    const page = await (await browser.newContext()).newPage();
    await page.goto(invitation.body.url.replace(/^https?:\/\/[^/]+/, services.baseUrl));
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
    await page.getByText('Updates: Live').waitFor({ timeout: 15_000 });
    // Each offer card's first moment in the DOM (a MutationObserver's Date.now()) comes back
    // through a binding: the console's CSP (script-src 'self') forbids evaluating strings in the page.
    const seen = new Map<string, number>();
    const waiting = new Map<string, (at: number) => void>();
    await page.exposeFunction('offerSeen', (id: string, at: number) => {
      if (seen.has(id)) return;
      seen.set(id, at);
      waiting.get(id)?.(at);
    });
    await page.evaluate(`(() => {
      const reported = new Set();
      const report = () => {
        for (const card of document.querySelectorAll('[data-deployment-id]')) {
          const id = card.getAttribute('data-deployment-id');
          if (reported.has(id)) continue;
          reported.add(id);
          window.offerSeen(id, Date.now());
        }
      };
      new MutationObserver(report).observe(document.body, { childList: true, subtree: true });
    })()`);
    const appearance = (id: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const known = seen.get(id);
        if (known !== undefined) return resolve(known);
        const timer = setTimeout(() => reject(new Error(`offer ${id} did not appear in the console within 15 s`)), 15_000);
        waiting.set(id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });

    const samples: number[] = [];
    for (let index = 0; index < warmup + count; index++) {
      const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
        key: workspace.keys.live,
        body: { brief: `Bench offer ${index}: write a tagline.`, skills: ['bench-console'] },
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.id;
      const seenAt = await appearance(id);
      const { rows } = await services.database.pool.query<{ ms: number }>(
        `SELECT extract(epoch FROM recorded_at) * 1000 AS ms FROM events WHERE stream_name = $1 AND event_type = 'deployment.offered' ORDER BY stream_revision LIMIT 1`,
        [`deployment-${id}`],
      );
      if (rows.length === 0) throw new Error(`no deployment.offered event for ${id}`);
      if (index >= warmup) samples.push(seenAt - Number(rows[0].ms));
    }
    printFigures({ offers: count, warmup, offer_event_to_console_ms: percentiles(samples), target_p95_ms: 500 });
  } finally {
    await browser.close();
    await services.stop();
  }
}

runBench(main);
