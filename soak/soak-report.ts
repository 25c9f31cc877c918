import type { SoakReport } from './soak-run';

const MAX_EXAMPLES = 15;

/** The report `npm run soak` prints: the verdict, the figures, and the first violations of each check. */
export function formatReport(report: SoakReport): string {
  const lines: string[] = [];
  const figure = (name: string, value: number | string): void => void lines.push(`  ${name.padEnd(34)} ${value}`);
  lines.push(
    `soak ${report.runId}: ${report.passed ? 'PASSED' : 'FAILED'} after ${(report.durationMs / 60_000).toFixed(1)} min (${report.minutes} min of load and faults)`,
  );
  lines.push('faults injected (one at a time):');
  for (const [kind, count] of Object.entries(report.faults)) figure(kind, count);
  figure('not recovered', report.unrecoveredFaults.length);
  lines.push('creates (mode, final answer):');
  for (const [key, count] of Object.entries(report.creates).sort()) figure(key, count);
  for (const [reason, { count, op }] of Object.entries(report.refusals)) lines.push(`    refused ${count}× (e.g. ${op}) ${reason.slice(0, 140)}`);
  for (const [name, check] of Object.entries(report.checks)) {
    lines.push(`${name}: ${check.violations.length} violations`);
    for (const [key, value] of Object.entries(check.figures)) figure(key, value);
  }
  lines.push('requests:');
  figure('total (attempts)', report.requests.total);
  figure('retried after a fault', report.requests.retries);
  figure('abandoned (still failing at 120 s)', report.requests.abandoned);
  figure(
    'by answer',
    Object.entries(report.requests.byStatus)
      .sort()
      .map(([status, count]) => `${status}:${count}`)
      .join(' '),
  );
  for (const [code, { count, message }] of Object.entries(report.requests.retriedFor).sort((a, b) => b[1].count - a[1].count))
    figure(`  retried on ${code}`, `${count}${message ? ` (${message.slice(0, 90)})` : ''}`);
  const longest = report.requests.longestWait;
  figure('longest wait on a fault', longest.ms > 0 ? `${longest.ms} ms (${longest.what}; during ${longest.faults.join(', ') || 'no recorded fault'})` : 'none');
  lines.push('load:');
  for (const [key, value] of Object.entries(report.load)) figure(key, value);
  if (report.quiet) lines.push(`quiet at the end: ${JSON.stringify(report.quiet)}`);
  lines.push(`violations: ${report.violations.length}`);
  for (const [check, count] of Object.entries(countChecks(report))) {
    lines.push(`  ${check}: ${count}`);
    for (const violation of report.violations.filter((v) => v.check === check).slice(0, MAX_EXAMPLES))
      lines.push(`    ${violation.subject}: ${violation.detail}`);
  }
  return lines.join('\n');
}

function countChecks(report: SoakReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const violation of report.violations) counts[violation.check] = (counts[violation.check] ?? 0) + 1;
  return counts;
}
