import { inGroup } from './setting';

/** The catalogue's MCP server settings. */
export const mcpServerSettings = inGroup('MCP server', [
  {
    name: 'SERVICE_API_KEY',
    default: 'unset',
    used_by: ['mcp', 'cli'],
    meaning:
      "The workspace key the MCP server (and the SDK's example agent, and `npm run listen` unless `--key` is given) calls the API with; unset, every tool call answers authentication_failed.",
  },
  {
    name: 'SERVICE_BASE_URL',
    default: 'http://127.0.0.1:3000',
    used_by: ['mcp', 'cli'],
    meaning: "The service's address the MCP server (and `npm run listen`, unless `--url` is given; its port then follows GATEWAY_PORT) calls.",
  },
  { name: 'SERVICE_API_VERSION', default: '2026-11-01', used_by: ['mcp'], meaning: 'The API version the MCP server asks for on every call.' },
  {
    name: 'MCP_TRANSPORT',
    default: 'stdio',
    used_by: ['mcp'],
    meaning: "The MCP server's transport: stdio, or http for Streamable HTTP on loopback (as `--http` does).",
  },
  { name: 'MCP_HTTP_PORT', default: '3100', used_by: ['mcp'], meaning: 'Port of the Streamable HTTP transport on 127.0.0.1.' },
]);
