/**
 * Configuration from the host's `env` map and the command line.
 * Nothing else: a desktop host starts this process with exactly what its JSON config says.
 */
export interface McpConfig {
  /** `SERVICE_API_KEY`; empty means every tool call answers `authentication_failed` (the tools still list). */
  apiKey: string;
  /** `SERVICE_BASE_URL`, without a trailing slash; the API's paths start with `/v1`. */
  baseUrl: string;
  /** `Service-Version` sent on every call: the API version these tool shapes were written against. */
  apiVersion: string;
  transport: 'stdio' | 'http';
  /** Streamable HTTP listens on loopback only: the server acts with the workspace key and has no auth of its own. */
  httpHost: '127.0.0.1';
  httpPort: number;
  /** Per REST request; a hung gateway must not hold a tool call forever. */
  requestTimeoutMs: number;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';
export const API_VERSION = '2026-11-01';

export function loadMcpConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): McpConfig {
  const transport = argv.includes('--http') || env.MCP_TRANSPORT === 'http' ? 'http' : 'stdio';
  if (env.MCP_TRANSPORT !== undefined && !['http', 'stdio'].includes(env.MCP_TRANSPORT)) {
    throw new Error(`MCP_TRANSPORT must be "stdio" or "http", not "${env.MCP_TRANSPORT}"`);
  }
  return {
    apiKey: (env.SERVICE_API_KEY ?? '').trim(),
    baseUrl: parseBaseUrl(env.SERVICE_BASE_URL),
    apiVersion: env.SERVICE_API_VERSION?.trim() || API_VERSION,
    transport,
    httpHost: '127.0.0.1',
    httpPort: parsePort(portArgument(argv) ?? env.MCP_HTTP_PORT),
    requestTimeoutMs: 15_000,
  };
}

function parseBaseUrl(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SERVICE_BASE_URL is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SERVICE_BASE_URL must be http(s): "${raw}"`);
  // `{base_url}` is the service's address; `/v1` belongs to the paths. Accept it typed either way.
  return url.href.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** `--port 3100` beside `--http`, for a manual run without touching the env. */
function portArgument(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--port');
  return index >= 0 ? argv[index + 1] : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3100;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`MCP_HTTP_PORT must be a port number, not "${value}"`);
  return port;
}
