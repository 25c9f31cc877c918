/** What each command of a CLI says of itself in the usage. */
export interface NamedCommand {
  usage: string;
  summary: string;
}

export interface CommandLine<Command extends NamedCommand> {
  /** How a command is typed, before its name: `npm run ops --`. */
  invocation: string;
  /** The usage's first line. */
  title: string;
  commands: Readonly<Record<string, Command>>;
  /** Flags every command takes besides its own, shown after each in the usage. */
  commonFlags?: string;
  /** Runs the command on the arguments after its name; what it returns is printed as JSON. */
  run(command: Command, args: string[]): Promise<unknown>;
  /** The JSON a refusal is printed as (exit code 2); undefined for an error that is not one. */
  refusalBody(error: unknown): unknown;
  /** An error that means the command was typed wrong, besides the flags parseArgs refuses. */
  isUsageError?(error: unknown): boolean;
}

/** parseArgs refuses unknown or value-less flags with a TypeError naming them. */
const refusedByParseArgs = (error: unknown): error is TypeError =>
  error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');

/**
 * Picks the command named first in `argv` and prints what it returns: 0 when it ran, 2 when it
 * was refused or typed wrong (the reason on stderr), and the usage for no name or `--help`.
 */
export async function runCommandLine<Command extends NamedCommand>(line: CommandLine<Command>, argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? line.commands[name] : undefined;
  const commonFlags = line.commonFlags ? ` ${line.commonFlags}` : '';
  if (!command) {
    const entries = Object.values(line.commands).map((known) => `  ${line.invocation} ${known.usage}${commonFlags}\n      ${known.summary}`);
    const usage = `${line.title}\n\n${entries.join('\n')}\n`;
    const asked = name !== undefined && name !== '--help';
    process.stderr.write(asked ? `unknown command "${name}"\n\n${usage}` : usage);
    return asked ? 2 : 0;
  }
  try {
    const result = await line.run(command, rest);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const refusal = line.refusalBody(error);
    if (refusal !== undefined) {
      process.stderr.write(`${JSON.stringify(refusal)}\n`);
      return 2;
    }
    if (refusedByParseArgs(error) || line.isUsageError?.(error)) {
      process.stderr.write(`${(error as Error).message}\nusage: ${line.invocation} ${command.usage}\n`);
      return 2;
    }
    throw error;
  }
}

/** Ends the process with the code `main` settles on; an error nobody handled is printed and exits 1. */
export function exitWith(main: Promise<number>): void {
  main.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
