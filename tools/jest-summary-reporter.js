// Prints the closing line CI reads ("jest: N passed, N failed, N skipped"), after Jest's own summary,
// the slowest test files and how many service stacks the run booted, so the suite's time can be spent where it goes.
const path = require('node:path');
const SLOWEST = 15;

class SummaryLineReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({ path: file.testFilePath.replace(`${process.cwd()}/`, ''), ms: file.perfStats.end - file.perfStats.start }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    if (files.length > 1) {
      process.stdout.write(`\nslowest test files:\n`);
      for (const file of files) process.stdout.write(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.path}\n`);
    }
    const starts = stackStarts();
    if (starts) process.stdout.write(`\nservice stacks started: ${starts.own + starts.shared} (${starts.own} for one file, ${starts.shared} shared)\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`);
  }
}

/** Counted by the test harness (test/support/test-run.ts, compiled by the global setup); none when the run started none. */
function stackStarts() {
  try {
    const starts = require(path.join(__dirname, '../dist/test/support/test-run')).stackStarts();
    return starts.own + starts.shared > 0 ? starts : undefined;
  } catch {
    return undefined;
  }
}

module.exports = SummaryLineReporter;
