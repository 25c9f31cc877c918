import { spawn } from 'node:child_process';
import { MCP_MAIN } from './mcp-client';

export interface McpHttpProcess {
  /** `http://127.0.0.1:<port>/mcp`, as the server logged it. */
  url: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the built server with `--http` on a port the OS picks (`MCP_HTTP_PORT=0`), and waits until it listens. */
export async function startMcpHttp(env: Record<string, string>): Promise<McpHttpProcess> {
  const child = spawn(process.execPath, [MCP_MAIN, '--http'], {
    env: { ...process.env, MCP_HTTP_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the MCP server did not listen within 10 s:\n${lines.join('')}`)), 10_000);
    child.stderr.on('data', (chunk: Buffer) => {
      lines.push(chunk.toString());
      const match = /Streamable HTTP at (\S+),/.exec(lines.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the MCP server exited (${code}):\n${lines.join('')}`));
    });
  });
  return {
    url,
    stderr: () => lines.join(''),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
