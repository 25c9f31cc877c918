import { parseArgs } from 'node:util';
import { ExpertApiClient, ExpertApiError } from './expert/expert-api.client';
import { EXPERT_COMMANDS, UsageError } from './expert/expert-commands';

/**
 * `npm run expert -- <command> --key svc_expert_… [flags]`: the expert tooling over
 * the expert API. The credential comes from --key or EXPERT_KEY; the gateway's address from
 * --url or EXPERT_API_URL (default http://127.0.0.1:$GATEWAY_PORT). Prints JSON.
 */
function usage(): string {
  const lines = Object.values(EXPERT_COMMANDS).map((command) => `  npm run expert -- ${command.usage} [--key <svc_expert_…>]\n      ${command.summary}`);
  return `Expert tooling of the Expert Handoff Service.\n\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? EXPERT_COMMANDS[name] : undefined;
  if (!command) {
    const asked = name !== undefined && name !== '--help';
    process.stderr.write(asked ? `unknown command "${name}"\n\n${usage()}` : usage());
    return asked ? 2 : 0;
  }
  try {
    const options: Record<string, { type: 'string' | 'boolean' }> = Object.fromEntries([
      ...['key', 'url', ...command.options].map((option) => [option, { type: 'string' as const }]),
      ...(command.flags ?? []).map((flag) => [flag, { type: 'boolean' as const }]),
    ]);
    const values = parseArgs({ args: rest, options, strict: true }).values as Record<string, string | boolean | undefined>;
    const key = (typeof values.key === 'string' ? values.key : undefined) ?? process.env.EXPERT_KEY;
    if (!key) throw new UsageError('--key (or EXPERT_KEY) is required: your svc_expert_… credential');
    const url =
      (typeof values.url === 'string' ? values.url : undefined) ?? process.env.EXPERT_API_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '3000'}`;
    const result = await command.run(new ExpertApiClient(url, key), values);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ExpertApiError) {
      process.stderr.write(`${JSON.stringify(error.body)}\n`);
      return 2;
    }
    const parseError = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || parseError) {
      process.stderr.write(`${(error as Error).message}\nusage: npm run expert -- ${command.usage}\n`);
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
