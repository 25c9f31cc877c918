import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const StackSequencer = require('./stack-sequencer') as new (options: {
  contexts: unknown[];
}) => {
  sort(tests: { path: string }[]): { path: string }[];
  time(test: unknown): number | undefined;
  hasFailed(test: unknown): boolean;
};

describe('the stack sequencer', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'stack-sequencer-'));
  const file = (name: string, body: string, seconds: number) => {
    const filePath = path.join(folder, name);
    writeFileSync(filePath, body);
    return { path: filePath, seconds, context: { config: {}, hasteFS: { getSize: () => 0 } } };
  };

  it('keeps the slowest first but brings the files of one shared configuration next to the first of them', () => {
    const tests = [
      file('own.e2e.ts', 'services = await startServices(FAST);', 90),
      file('plain-a.e2e.ts', 'services = await sharedServices();', 80),
      file('fast-a.e2e.ts', 'services = await sharedServices(FAST);', 70),
      file('unit.spec.ts', 'expect(1).toBe(1);', 60),
      file('plain-b.e2e.ts', 'services = await sharedServices();', 50),
      file('ledger.e2e.ts', "e2e = await LedgerE2e.shared({ A: '1' });", 40),
      file('fast-b.e2e.ts', 'services = await sharedServices(FAST);', 30),
    ];
    const sequencer = new StackSequencer({ contexts: [] });
    sequencer.time = (test) => (test as { seconds: number }).seconds;
    sequencer.hasFailed = () => false;
    const order = sequencer.sort([...tests].reverse()).map((test) => path.basename(test.path));
    expect(order).toEqual(['own.e2e.ts', 'plain-a.e2e.ts', 'plain-b.e2e.ts', 'fast-a.e2e.ts', 'fast-b.e2e.ts', 'unit.spec.ts', 'ledger.e2e.ts']);
  });

  it('without recorded times (a fresh clone) puts the soak first, then browser files, own stacks, shared stacks, integration and unit files', () => {
    const tests = [
      file('unit.spec.ts', 'expect(1).toBe(1);'.repeat(400), 0),
      file('store.int.ts', 'await pool.query(sql);', 0),
      file('shared.e2e.ts', 'services = await sharedServices();', 0),
      file('own.e2e.ts', 'services = await startServices(FAST);', 0),
      file('page.e2e.ts', "import { launchBrowser } from '../support/browser';", 0),
    ];
    const soakFolder = path.join(folder, 'soak');
    mkdirSync(soakFolder, { recursive: true });
    writeFileSync(path.join(soakFolder, 'cluster-soak.e2e.ts'), 'runSoak({ minutes: 2 });');
    tests.push({ path: path.join(soakFolder, 'cluster-soak.e2e.ts'), seconds: 0, context: { config: {}, hasteFS: { getSize: () => 0 } } });
    const sequencer = new StackSequencer({ contexts: [] });
    sequencer.time = () => undefined;
    sequencer.hasFailed = (test) => path.basename((test as { path: string }).path) === 'unit.spec.ts';
    const order = sequencer.sort(tests).map((test) => path.basename(test.path));
    // A file that failed last time still comes first.
    expect(order).toEqual(['unit.spec.ts', 'cluster-soak.e2e.ts', 'page.e2e.ts', 'own.e2e.ts', 'shared.e2e.ts', 'store.int.ts']);
  });
});
