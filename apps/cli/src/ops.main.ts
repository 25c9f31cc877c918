import { parseArgs } from 'node:util';
import { DomainError } from '@eh/contracts';
import { loadConfig } from '@eh/platform';
import { OPS_COMMANDS } from './ops/ops-commands';

function usage(): string {
  const lines = Object.values(OPS_COMMANDS).map((command) => `  npm run ops -- ${command.usage}\n      ${command.summary}`);
  return `Operations CLI of the Expert Handoff Service.\n\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? OPS_COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(name && name !== '--help' ? `unknown command "${name}"\n\n${usage()}` : usage());
    return name && name !== '--help' ? 2 : 0;
  }
  try {
    const options = Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }]));
    const { values } = parseArgs({ args: rest, options, strict: true });
    const result = await command.run(values, loadConfig());
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      process.stderr.write(`${JSON.stringify({ error: { code: error.code, message: error.message } })}\n`);
      return 2;
    }
    // parseArgs refuses unknown or value-less flags with a TypeError naming them.
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${error.message}\nusage: npm run ops -- ${command.usage}\n`);
      return 2;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
