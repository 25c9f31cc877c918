import { parseArgs } from 'node:util';
import { exitWith, runCommandLine } from './command-line';
import { ExpertApiClient, ExpertApiError } from './expert/expert-api.client';
import { EXPERT_COMMANDS, UsageError } from './expert/expert-commands';

/**
 * `npm run expert -- <command> --key svc_expert_… [flags]`: the expert tooling over
 * the expert API. The credential comes from --key or EXPERT_KEY; the gateway's address from
 * --url or EXPERT_API_URL (default http://127.0.0.1:$GATEWAY_PORT). Prints JSON.
 */
exitWith(
  runCommandLine(
    {
      invocation: 'npm run expert --',
      title: 'Expert tooling of the Expert Handoff Service.',
      commands: EXPERT_COMMANDS,
      commonFlags: '[--key <svc_expert_…>]',
      async run(command, args) {
        const options: Record<string, { type: 'string' | 'boolean' }> = Object.fromEntries([
          ...['key', 'url', ...command.options].map((option) => [option, { type: 'string' as const }]),
          ...(command.flags ?? []).map((flag) => [flag, { type: 'boolean' as const }]),
        ]);
        const values = parseArgs({ args, options, strict: true }).values as Record<string, string | boolean | undefined>;
        const key = (typeof values.key === 'string' ? values.key : undefined) ?? process.env.EXPERT_KEY;
        if (!key) throw new UsageError('--key (or EXPERT_KEY) is required: your svc_expert_… credential');
        const url =
          (typeof values.url === 'string' ? values.url : undefined) ?? process.env.EXPERT_API_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '3000'}`;
        return command.run(new ExpertApiClient(url, key), values);
      },
      refusalBody: (error) => (error instanceof ExpertApiError ? error.body : undefined),
      isUsageError: (error) => error instanceof UsageError,
    },
    process.argv.slice(2),
  ),
);
