import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a Jest run's global setup leaves its run's token (test/support/global-setup.js); workers inherit it. */
export const TEST_RUN_ENV = 'EH_TEST_RUN';

/** This run's directory (its shared stacks, its count of stack starts), or undefined outside a Jest run with the global setup (benchmarks). */
export function runDirectory(): string | undefined {
  const run = process.env[TEST_RUN_ENV];
  return run ? path.join(os.tmpdir(), 'eh-test-stacks', run) : undefined;
}

const STACK_STARTS_FILE = 'stack-starts.log';

/**
 * Notes one boot of five services for the run's summary: a boot is most of an end-to-end file's
 * CPU, so their number is what sharing stacks (shared-services.ts) brings down.
 */
export function recordStackStart(kind: 'own' | 'shared'): void {
  const directory = runDirectory();
  if (!directory) return;
  const testPath = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState().testPath ?? 'unknown';
  mkdirSync(directory, { recursive: true });
  appendFileSync(path.join(directory, STACK_STARTS_FILE), `${kind}\t${path.relative(process.cwd(), testPath)}\n`);
}

/** The stacks this run started, by kind, read by the summary reporter before the global teardown removes the directory. */
export function stackStarts(): { own: number; shared: number } {
  const directory = runDirectory();
  const counts = { own: 0, shared: 0 };
  if (!directory) return counts;
  let lines: string[] = [];
  try {
    lines = readFileSync(path.join(directory, STACK_STARTS_FILE), 'utf8').split('\n');
  } catch {
    return counts;
  }
  for (const line of lines) {
    const kind = line.split('\t')[0];
    if (kind === 'own' || kind === 'shared') counts[kind] += 1;
  }
  return counts;
}
