/**
 * deploy/prometheus/alerts.yml pages on relay lag, consumer lag, dead letters rising
 * and reservations stuck, and every series an alert reads is one the services export.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const rules = fs.readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');

/** Every `eh_*` metric name the code registers (instruments and gauges declared as data). */
function exportedSeries(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !/\.(spec|int|e2e)\.ts$/.test(entry.name)) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(/['"](eh_[a-z_]+)['"]/g)) names.add(match[1]);
      }
    }
  };
  walk(path.join(ROOT, 'libs'));
  walk(path.join(ROOT, 'apps'));
  return names;
}

describe('Prometheus alert rules', () => {
  // Each `- alert:` block: its name, and its expr up to the next key (`for:` or `labels:`).
  const alerts = rules
    .split('- alert: ')
    .slice(1)
    .map((block) => ({ name: block.split('\n')[0].trim(), expr: /\n\s+expr: ([\s\S]*?)\n\s+(?:for|labels):/.exec(block)?.[1] ?? '' }));

  it('page on relay lag, consumer lag, dead letters rising and reservations stuck', () => {
    expect(alerts.map((alert) => alert.name)).toEqual(expect.arrayContaining(['RelayLagging', 'ConsumerLagging', 'DeadLettersRising', 'ReservationsStuck']));
    for (const name of ['RelayLagging', 'ConsumerLagging', 'DeadLettersRising', 'ReservationsStuck']) {
      const block = rules.slice(rules.indexOf(`- alert: ${name}`)).split('- alert:')[1];
      expect(block).toContain('severity: page');
    }
  });

  it('read only series the services export', () => {
    const exported = exportedSeries();
    expect(exported.size).toBeGreaterThan(10);
    expect(alerts.length).toBeGreaterThanOrEqual(4);
    for (const alert of alerts) {
      const used = [...alert.expr.matchAll(/\b(eh_[a-z_]+?)(?:_count|_bucket|_sum)?\b(?=[{[)\s])/g)].map((match) => match[1]);
      expect(used.length).toBeGreaterThan(0);
      for (const series of used) expect({ alert: alert.name, series, exported: exported.has(series) }).toEqual({ alert: alert.name, series, exported: true });
    }
  });
});
