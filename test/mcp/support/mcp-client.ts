import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

const ROOT = path.resolve(__dirname, '../../..');
/** The built server (Jest's global setup runs tools/build.js), as a host's config points at it. */
export const MCP_MAIN = path.join(ROOT, 'dist/apps/mcp/src/main.js');

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr (its log). */
  stderr(): string;
  close(): Promise<void>;
}

/** Starts the server over stdio the way a desktop host does: `command`, `args`, `env`. */
export async function connectStdio(env: Record<string, string>): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_MAIN],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  const lines: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => lines.join(''), close: () => client.close() };
}

export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'mcp-e2e-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export interface ToolAnswer<T> {
  isError: boolean;
  text: string;
  structured: T;
}

/** Calls a tool and returns its text and structured content (the client validated it against the outputSchema). */
export async function callTool<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer<T>> {
  const result = CallToolResultSchema.parse(await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 }));
  const text = result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
  return { isError: result.isError === true, text, structured: result.structuredContent as T };
}

/** The JSON line of a tool error (apps/mcp/src/tools/tool-result.ts). */
export function errorOf(answer: ToolAnswer<unknown>): {
  code: string;
  message: string;
  status: number | null;
  param: string | null;
  request_id: string | null;
} {
  const line = answer.text.split('\n').find((candidate) => candidate.startsWith('{"error"'));
  if (!line) throw new Error(`no error JSON in: ${answer.text}`);
  return (JSON.parse(line) as { error: ReturnType<typeof errorOf> }).error;
}
