import { request } from 'node:http';

/**
 * The ops commands the run's ops server (ops-server.ts) runs: `workspace:create`, which the suite
 * runs some hundred times and which reads nothing but its configuration and the database.
 */
export const SERVED_OPS_COMMANDS: ReadonlySet<string> = new Set(['workspace:create']);

/** Where the global setup leaves the server's socket (test/support/global-setup.js); workers inherit it. */
export const OPS_SOCKET_ENV = 'EH_TEST_OPS_SOCKET';

export interface OpsRequest {
  env: Record<string, string>;
  args: string[];
}

/** The CLI's output for one command from the run's server; undefined when there is none or it does not serve the command. */
export function opsThroughServer(env: Record<string, string>, args: string[]): Promise<string> | undefined {
  const socketPath = process.env[OPS_SOCKET_ENV];
  if (!socketPath || !SERVED_OPS_COMMANDS.has(args[0])) return undefined;
  return new Promise((resolve, reject) => {
    const sent = request({ socketPath, path: '/', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`ops ${args.join(' ')} failed: ${body}`));
      });
    });
    sent.on('error', reject);
    sent.end(JSON.stringify({ env, args } satisfies OpsRequest));
  });
}
