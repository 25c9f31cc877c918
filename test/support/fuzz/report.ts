import type { CreditCheck } from './credits';
import type { FuzzRun } from './fuzz-run';

/** What a run tells: its figures, and its failures with a way to replay each. */

const sortCounts = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name}: ${count}`)
    .join(', ');

export function formatFigures(run: FuzzRun, credits: CreditCheck | null): string {
  const seconds = run.durationMs / 1000;
  const lines = [
    `fuzz seed ${run.seed}: ${run.sent} of ${run.requested} requests in ${seconds.toFixed(1)} s (${Math.round(run.sent / Math.max(seconds, 0.001))} requests/s)${run.stoppedEarly ? `; stopped early: ${run.stoppedEarly}` : ''}`,
    `statuses: ${sortCounts(run.statuses)}`,
    `5xx: ${run.failureCounts['5xx']}; unanswered (well-framed): ${run.failureCounts['no-answer']}; unanswered (broken framing or past a limit, allowed): ${run.unansweredAllowed}`,
    `error-shape violations: ${run.failureCounts['error-shape']}; request_id ≠ Request-Id: ${run.failureCounts['request-id']}; invalid requests accepted: ${run.failureCounts['accepted-invalid']}; replays answering for another deployment: ${run.failureCounts['replay-mismatch']}`,
    `process exits during the run: ${run.crashes.length ? run.crashes.map((crash) => crash.service).join(', ') : 'none'}; down at the end: ${run.exits.length ? run.exits.join(', ') : 'none'}; gateway answers afterwards: ${run.gatewayAnswers ? 'yes' : 'NO'}`,
    credits
      ? `credits after cancelling ${credits.cancelled} live deployments: reserved ${credits.reserved}, in flight ${credits.inFlight}`
      : 'credits: not measured',
    'requests per endpoint (statuses):',
    ...Object.entries(run.perEndpoint)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, stats]) => `  ${endpoint.padEnd(62)} ${String(stats.sent).padStart(6)}  ${sortCounts(stats.statuses)}`),
    `requests per mutation family: ${sortCounts(run.families)}`,
  ];
  return lines.join('\n');
}

export function formatFailures(run: FuzzRun, credits: CreditCheck | null, replay: string): string {
  const out: string[] = [...run.setupProblems];
  for (const crash of run.crashes) {
    out.push(`SERVICE EXITED: ${crash.service} (restarted to go on).`);
    if (crash.culprit)
      out.push(
        '  Killed again, alone, by:',
        indent(crash.culprit),
        '  Shrunk (each candidate sent to a restarted service):',
        indent(crash.shrunk ?? '(not shrunk)'),
      );
    else out.push('  No single request killed it again; the unanswered ones around its death:', ...crash.suspects.map((line) => indent(line)));
    out.push(`  Last log lines of ${crash.service}:`, indent(crash.logs.slice(-2000)));
  }
  for (const group of run.groups) {
    const routes = Object.entries(group.endpoints).sort(([, a], [, b]) => b - a);
    out.push(
      `${group.key}: ${group.count} request(s) at ${routes.length} route(s) (${routes
        .slice(0, 8)
        .map(([route, count]) => `${route} ×${count}`)
        .join(', ')}${routes.length > 8 ? ', …' : ''}). First ${group.examples.length}:`,
    );
    for (const example of group.examples)
      out.push(indent(`${example.rendered}\n  → ${example.verdict.reason}${example.requestId ? ` (Request-Id ${example.requestId})` : ''}`));
  }
  for (const shrunk of run.shrunk) {
    out.push(
      `minimal reproduction of "${shrunk.group}" (${shrunk.steps} shrink steps, ${shrunk.sent} requests; replay the original: ${replay.replace('{index}', String(shrunk.example.index))}):`,
      indent(`${shrunk.example.rendered}\n  → ${shrunk.example.verdict.reason}`),
    );
  }
  if (credits && (credits.reserved !== 0 || credits.inFlight !== 0 || credits.cancelFailures.length)) {
    out.push(`CREDITS HELD after cleanup: reserved ${credits.reserved}, in flight ${credits.inFlight}`);
    for (const hold of credits.openHolds)
      out.push(
        `  open hold ${hold.deployment_id}: ${hold.amount} credits, deployment ${hold.deployment_exists ? 'exists' : 'never created'}, metadata ${JSON.stringify(hold.metadata)}`,
      );
    for (const failure of credits.cancelFailures) out.push(`  cancel failed: ${failure}`);
  }
  return out.join('\n');
}

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** True when the run found nothing: what the jest test asserts. */
export function clean(run: FuzzRun, credits: CreditCheck | null): boolean {
  const failures = Object.values(run.failureCounts).reduce((total, count) => total + count, 0);
  return (
    failures === 0 &&
    run.setupProblems.length === 0 &&
    run.exits.length === 0 &&
    run.crashes.length === 0 &&
    run.gatewayAnswers &&
    !!credits &&
    credits.reserved === 0 &&
    credits.inFlight === 0
  );
}
