import { parseArgs } from 'node:util';
import { DomainError } from '@eh/contracts';
import { loadConfig } from '@eh/platform';
import { exitWith, runCommandLine } from './command-line';
import { OPS_COMMANDS } from './ops/ops-commands';

exitWith(
  runCommandLine(
    {
      invocation: 'npm run ops --',
      title: 'Operations CLI of the Expert Handoff Service.',
      commands: OPS_COMMANDS,
      async run(command, args) {
        const options = Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }]));
        const { values } = parseArgs({ args, options, strict: true });
        return command.run(values, loadConfig());
      },
      refusalBody: (error) => (error instanceof DomainError ? { error: { code: error.code, message: error.message } } : undefined),
    },
    process.argv.slice(2),
  ),
);
