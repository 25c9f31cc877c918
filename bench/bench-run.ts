/** Prints a bench's figures as indented JSON on stdout, the form its docs quote. */
export function printFigures(figures: unknown): void {
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}

/** Runs a bench (or a process it starts); a failure is printed and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
