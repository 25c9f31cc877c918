import { startServices, type RunningServices } from '../support/service-harness';
import { releaseAndMeasureCredits } from '../support/fuzz/credits';
import { clean, formatFailures, formatFigures } from '../support/fuzz/report';
import { runFuzz } from '../support/fuzz/runner';
import { fuzzEnv, loadCatalog, prepareWorld } from '../support/fuzz/world';

/**
 * At least 5,000 generated bad requests (fast-check, from the request schemas of
 * /v1/openapi.json and of the expert and admin DTOs) at every public, expert and admin route of
 * the real services: no 5xx, no process exit, every error in the API's error shape with its
 * request_id, no invalid request accepted, and no credits held once the live deployments the
 * run legitimately created are cancelled. FUZZ_SEED replays a run; FUZZ_REQUESTS sizes it.
 * The long version: `npm run fuzz -- --requests 100000`.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 12);

describe('API fuzz', () => {
  let services: RunningServices;

  beforeAll(async () => {
    services = await startServices(fuzzEnv(REQUESTS));
  }, 60_000);

  afterAll(async () => {
    await services?.stop();
  }, 60_000);

  it(`answers ${REQUESTS} generated bad requests without a 5xx, an exit, a malformed error or a held credit`, async () => {
    process.stdout.write(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx jest test/fuzz)\n`);
    const catalog = await loadCatalog(services.baseUrl);
    const world = await prepareWorld(services);
    const run = await runFuzz(services, world, catalog, { requests: REQUESTS, seed: SEED, concurrency: CONCURRENCY, timeLimitMs: 200_000 });
    const credits = run.gatewayAnswers ? await releaseAndMeasureCredits(services, world) : null;
    const figures = formatFigures(run, credits);
    process.stdout.write(`${figures}\n`);
    const failures = formatFailures(run, credits, `FUZZ_SEED=${SEED} npx jest test/fuzz (request #{index})`);
    if (failures) process.stdout.write(`${failures}\n`);

    expect(run.sent).toBeGreaterThanOrEqual(REQUESTS);
    const untouched = Object.entries(run.perEndpoint)
      .filter(([, stats]) => stats.sent < 20)
      .map(([endpoint]) => endpoint);
    expect(untouched).toEqual([]);
    if (!clean(run, credits)) throw new Error(`the fuzz run found defects (seed ${SEED}):\n${figures}\n${failures}`);
  }, 280_000);
});
