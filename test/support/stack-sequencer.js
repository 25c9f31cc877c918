// Jest's order (last failures, then slowest first), with the test files that share a stack of one
// configuration (shared-services.ts) moved next to the first of them: a worker keeps one idle stack,
// so files asking for the same one get it only when they run close together.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

// The argument text of a sharedServices(...) call, or of a helper's `.shared(...)` around it.
const SHARED_CALL = /\b(?:sharedServices|\w+\.shared)\(([^)]*)\)/;

function stackKeyOf(path) {
  const match = SHARED_CALL.exec(readFileSync(path, 'utf8'));
  return match ? match[0].replace(/\s+/g, ' ') : undefined;
}

class StackSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
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
