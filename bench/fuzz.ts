import { writeFileSync } from 'node:fs';
import { releaseAndMeasureCredits } from '../test/support/fuzz/credits';
import { clean, formatFailures, formatFigures } from '../test/support/fuzz/report';
import { runFuzz } from '../test/support/fuzz/runner';
import { fuzzEnv, loadCatalog, prepareWorld } from '../test/support/fuzz/world';
import { startServices } from '../test/support/service-harness';
import { runBench } from './bench-run';

/**
 * `npm run fuzz -- --requests 100000 [--seed n] [--concurrency 16] [--report file.json]`: the
 * long version of test/fuzz/api-fuzz.e2e.ts, with the same generator and checks, against the
 * real services on loopback (each its own process). Prints requests per endpoint, the status
 * histogram, 5xx, exits, error-shape violations, credits held, duration and requests/s; exits 1
 * when anything was found.
 */
function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

async function main(): Promise<void> {
  const requests = option('requests', 20_000);
  const seed = option('seed', Math.floor(Math.random() * 2 ** 31));
  const concurrency = option('concurrency', 16);
  const reportAt = process.argv.indexOf('--report');
  process.stdout.write(
    `fuzz: ${requests} requests, seed ${seed}, concurrency ${concurrency} (replay: npm run fuzz -- --requests ${requests} --seed ${seed})\n`,
  );
  const services = await startServices(fuzzEnv(requests));
  let failed = true;
  try {
    const catalog = await loadCatalog(services.baseUrl);
    const world = await prepareWorld(services);
    const run = await runFuzz(services, world, catalog, {
      requests,
      seed,
      concurrency,
      timeLimitMs: null,
      examplesPerGroup: 8,
      shrinkGroups: 12,
      shrinkBudget: 120,
      progress: (line) => process.stdout.write(`  ${line}\n`),
    });
    const credits = run.gatewayAnswers ? await releaseAndMeasureCredits(services, world) : null;
    process.stdout.write(`${formatFigures(run, credits)}\n`);
    const failures = formatFailures(run, credits, `npm run fuzz -- --requests ${requests} --seed ${seed} (request #{index})`);
    if (failures) process.stdout.write(`\nFINDINGS\n${failures}\n`);
    if (reportAt >= 0) {
      const { groups, ...figures } = run;
      writeFileSync(process.argv[reportAt + 1], JSON.stringify({ ...figures, groups: groups.map(({ first: _first, ...group }) => group), credits }, null, 2));
    }
    failed = !clean(run, credits);
  } finally {
    await services.stop();
  }
  process.exit(failed ? 1 : 0);
}

runBench(main);
