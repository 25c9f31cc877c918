/**
 * The run's ops server: the ops CLI loads some 2,300 modules (about 1.5 s of CPU) before each
 * command, and the suite runs `workspace:create` some hundred times. Jest's global setup starts
 * this file as a process of its own; the harness's `runOps` sends it the commands of
 * `SERVED_OPS_COMMANDS` over a Unix socket (ops-client.ts). Every other command, and any run
 * without the global setup (benchmarks), still spawns the CLI. The command is the CLI's own, with
 * the environment the CLI would have had as its configuration, and prints what the CLI prints.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { loadConfig } from '@eh/platform';
import { OPS_COMMANDS } from '../../apps/cli/src/ops/ops-commands';
import { SERVED_OPS_COMMANDS, type OpsRequest } from './ops-client';

async function runCommand({ env, args }: OpsRequest): Promise<{ status: number; body: string }> {
  const [name, ...rest] = args;
  const command = OPS_COMMANDS[name];
  if (!command || !SERVED_OPS_COMMANDS.has(name)) return { status: 400, body: `not served here: ${name}` };
  try {
    const options = Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }]));
    const { values } = parseArgs({ args: rest, options, strict: true });
    const result = await command.run(values, loadConfig({ ...process.env, ...env }));
    return { status: 200, body: `${JSON.stringify(result, null, 2)}\n` };
  } catch (error) {
    return { status: 500, body: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Listens on `socketPath` and says `ready` on stdout; ends with SIGTERM, or when the run that started it is gone (stdin closes). */
function serve(socketPath: string): void {
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void runCommand(JSON.parse(Buffer.concat(chunks).toString()) as OpsRequest).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(body);
      });
    });
  });
  server.listen(socketPath, () => process.stdout.write('ready\n'));
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

serve(process.argv[2]);
