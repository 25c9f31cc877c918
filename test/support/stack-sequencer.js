// Jest's order (last failures, then slowest first), with the test files that share a stack of one
// configuration (shared-services.ts) moved next to the first of them: a worker keeps one idle stack,
// so files asking for the same one get it only when they run close together.
//
// A file Jest has no time for yet (every file on a fresh clone, as in CI) gets an estimate from what
// it starts, not Jest's fallback of its size in bytes: the short soak file is small but runs for
// minutes, and started near the end it would keep one worker busy after the other had finished.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

// The argument text of a sharedServices(...) call, or of a helper's `.shared(...)` around it.
const SHARED_CALL = /\b(?:sharedServices|\w+\.shared)\(([^)]*)\)/;

function stackKeyOf(path) {
  const match = SHARED_CALL.exec(readFileSync(path, 'utf8'));
  return match ? match[0].replace(/\s+/g, ' ') : undefined;
}

/** Rough milliseconds a file takes on this project's 2-core machines, by the most it starts. */
function estimatedMs(path, source) {
  if (/\.e2e\.ts$/.test(path) && /[\\/]soak[\\/]/.test(path)) return 200_000;
  if (/support\/browser'|launchBrowser|startConsoleE2e/.test(source)) return 100_000;
  if (/\.e2e\.ts$/.test(path)) return SHARED_CALL.test(source) ? 10_000 : 30_000;
  if (/\.int\.ts$/.test(path)) return 5_000;
  return 500;
}

class StackSequencer extends Sequencer {
  sort(tests) {
    for (const test of tests) {
      // Jest reads `duration` later (whether to run in band): the recorded time, as its own sort sets it.
      test.duration = this.time(test);
      if (test.duration == null) test.estimatedMs = estimatedMs(test.path, readFileSync(test.path, 'utf8'));
    }
    const expected = (test) => test.duration ?? test.estimatedMs;
    const ordered = [...tests].sort((a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || expected(b) - expected(a));
    const keys = new Map(ordered.map((test) => [test, stackKeyOf(test.path)]));
    const groups = new Map();
    for (const test of ordered) {
      const key = keys.get(test);
      if (key === undefined) continue;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(test);
    }
    const placed = new Set();
    const result = [];
    for (const test of ordered) {
      if (placed.has(test)) continue;
      const key = keys.get(test);
      const group = key === undefined ? [test] : groups.get(key);
      for (const member of group) placed.add(member);
      result.push(...group);
    }
    return result;
  }
}

module.exports = StackSequencer;
