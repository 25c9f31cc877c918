import { counter, gaugePerRow, metricsRegistry, registerGauge, renderMetrics, sharedReading } from './metrics-registry';

describe('metrics registry', () => {
  afterEach(() => metricsRegistry.clear());

  it('gives one instrument per name, and renders Prometheus text', async () => {
    const first = counter('eh_spec_things_total', 'Things.', ['kind']);
    expect(counter('eh_spec_things_total', 'Things.', ['kind'])).toBe(first);
    first.inc({ kind: 'a' }, 2);
    const { contentType, body } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('eh_spec_things_total{kind="a"} 2');
  });

  it('computes a gauge when scraped; a failing read leaves it empty and counts the error', async () => {
    let fail = false;
    registerGauge({
      name: 'eh_spec_open',
      help: 'Open.',
      labelNames: ['kind'],
      collect: async () => {
        if (fail) throw new Error('database down');
        return [{ labels: { kind: 'x' }, value: 7 }];
      },
    });
    expect((await renderMetrics()).body).toContain('eh_spec_open{kind="x"} 7');
    fail = true;
    expect((await renderMetrics()).body).not.toContain('eh_spec_open{kind="x"}');
    // Series are read together: the error counted during one scrape shows from the next.
    expect((await renderMetrics()).body).toContain('eh_signal_collect_errors_total{gauge="eh_spec_open"} 1');
  });

  it('registers a gauge again with the new reading (a runtime rebuilt in one process)', async () => {
    registerGauge({ name: 'eh_spec_again', help: 'Again.', collect: async () => [{ value: 1 }] });
    registerGauge({ name: 'eh_spec_again', help: 'Again.', collect: async () => [{ value: 2 }] });
    expect((await renderMetrics()).body).toMatch(/^eh_spec_again 2$/m);
  });

  it('shares one reading between gauges within the time to live, and reads again after a failure', async () => {
    let reads = 0;
    const read = sharedReading(async () => {
      reads += 1;
      if (reads === 2) throw new Error('once');
      return reads;
    }, 60_000);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(reads).toBe(1);
  });

  it('gives a gauge per row one series, labelled by the named field and valued by the given one', async () => {
    const rows = [
      { kind: 'sla', due: 2 },
      { kind: 'offer', due: 0 },
    ];
    registerGauge(gaugePerRow(async () => rows, 'kind', { name: 'eh_spec_due', help: 'Due.', value: (row) => row.due }));
    const { body } = await renderMetrics();
    expect(body).toContain('eh_spec_due{kind="sla"} 2');
    expect(body).toContain('eh_spec_due{kind="offer"} 0');
  });
});
