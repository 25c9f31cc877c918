// Prints the closing line CI reads ("jest: N passed, N failed, N skipped"), after Jest's own summary,
// and the slowest test files, so the suite's time can be spent where it goes.
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
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`);
  }
}

module.exports = SummaryLineReporter;
